import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { aRun, aStream, givenStreams } from './streams-platform';

const targets = aStream({
  id: 7,
  name: 'Targets',
  advancedScheduleJson: JSON.stringify({ type: 'DAILY', timezone: 'UTC', at: '06:30' }),
  nextRunAt: '2026-11-26T06:30:00.000Z',
});
const cities = aStream({
  id: 8,
  name: 'Cities',
  connector: 'http-csv',
  configuration: [
    { name: 'url', value: 'https://example.org/cities.csv', type: 'string', category: 'METADATA' },
  ],
  account: { id: 3 },
});
const orders = aStream({ id: 9, name: 'Orders', connector: 'document-store', account: { id: 2 } });

function givenThreeStreams(options?: Parameters<typeof givenStreams>[2]) {
  return givenStreams(
    [targets, cities, orders],
    {
      7: [
        aRun({
          id: 41,
          runNumber: 2,
          state: 'ERROR',
          rowsInserted: 0,
          errorMessage: 'CSV: row 3 has 1 fields; the header has 2',
        }),
        aRun({ id: 40, runNumber: 1 }),
      ],
      9: [aRun({ id: 50, streamId: 9, runNumber: 1 })],
    },
    options,
  );
}

const rowOf = (name: string) =>
  screen.getAllByRole('row').find((row) => within(row).queryByRole('link', { name }))!;

describe('/streams', { timeout: 20_000 }, () => {
  it('lists every stream with its dataset, connector, schedule, last run and next run', async () => {
    givenThreeStreams();
    renderApp('/streams');

    expect(await screen.findByRole('heading', { level: 1, name: 'Streams' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Targets' });
    const row = rowOf('Targets');
    expect(within(row).getByRole('link', { name: 'Targets' })).toHaveAttribute(
      'href',
      '/datasets/ds-7',
    );
    await within(row).findByText('Data file (CSV)');
    // Named by what it loads and from what; its id is in a tooltip.
    expect(within(row).getByRole('link', { name: 'Targets from Data file (CSV)' })).toHaveAttribute(
      'href',
      '/streams/7',
    );
    expect(row).toHaveTextContent('Daily at 06:30 (UTC)');
    expect(row).toHaveTextContent(/Failed\s*Run 2/);
    expect(
      within(row).getByText(
        (_, el) =>
          el?.tagName === 'TIME' && el.getAttribute('dateTime') === '2026-11-26T06:30:00.000Z',
      ),
    ).toBeInTheDocument();
    expect(rowOf('Cities')).toHaveTextContent('CSV from an HTTP(S) URL');
    expect(rowOf('Cities')).toHaveTextContent('Never run');
    expect(rowOf('Cities')).toHaveTextContent('Not scheduled');
    expect(screen.getByRole('link', { name: 'New stream' })).toHaveAttribute(
      'href',
      '/streams/new',
    );
  });

  it('keeps the filters in the URL and says when none matches', async () => {
    const user = userEvent.setup();
    givenThreeStreams();
    const { router } = renderApp('/streams?lastRun=ERROR');

    await screen.findByRole('link', { name: 'Targets' });
    expect(screen.queryByRole('link', { name: 'Cities' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Last run' }));
    await user.click(screen.getByRole('option', { name: 'Never run' }));
    await screen.findByRole('link', { name: 'Cities' });
    expect(router.state.location.search).toBe('?lastRun=never');

    await user.click(screen.getByRole('combobox', { name: 'Last run' }));
    await user.click(screen.getByRole('option', { name: 'Any last run' }));
    await user.click(screen.getByRole('combobox', { name: 'Connector' }));
    await user.click(await screen.findByRole('option', { name: 'Document-store collection' }));
    await screen.findByRole('link', { name: 'Orders' });
    expect(screen.queryByRole('link', { name: 'Targets' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?connector=document-store');

    await user.type(screen.getByRole('searchbox', { name: 'Dataset name' }), 'zzz');
    expect(await screen.findByText('No stream matches these filters')).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.search).toBe('?connector=document-store&q=zzz'),
    );
  });
});

describe('/streams/:streamId', { timeout: 20_000 }, () => {
  it('says the configuration in names and shows the run history', async () => {
    givenThreeStreams();
    renderApp('/streams/7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Targets from Data file (CSV)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Targets' })).toHaveAttribute('href', '/datasets/ds-7');
    expect(await screen.findByText('regional-targets.csv')).toBeInTheDocument();
    expect(await screen.findByText('Data file (CSV)')).toBeInTheDocument();
    expect(await screen.findByText('Finance uploads')).toBeInTheDocument();
    expect(screen.queryByText(/dataFileId/)).not.toBeInTheDocument();
    expect(screen.queryByText(/version 1/)).not.toBeInTheDocument();

    const history = await screen.findByRole('table', { name: 'Run history' });
    const [, newest, first] = within(history).getAllByRole('row');
    expect(newest).toHaveTextContent(/Run 2\s*Failed/);
    expect(newest).toHaveTextContent('CSV: row 3 has 1 fields; the header has 2');
    expect(first).toHaveTextContent(/Run 1\s*Succeeded/);
    expect(first).toHaveTextContent('2.5 s');
    expect(first).toHaveTextContent('12');
  });

  it('runs now, follows the run while it is active, and lists it when it ends', async () => {
    const user = userEvent.setup();
    givenThreeStreams({ pollsToFinish: 1, rowsPerRun: 30 });
    renderApp('/streams/7');

    const runNow = await screen.findByRole('button', { name: 'Run now' });
    // Enabled once the platform says the user may change the dataset.
    await waitFor(() => expect(runNow).toBeEnabled());
    await user.click(runNow);
    const progress = await screen.findByRole('status', { name: 'Run progress' });
    await waitFor(() =>
      expect(progress).toHaveTextContent(
        /Run 3 (is running: reading the source · [\d.]+ (ms|s) so far|succeeded\.)/,
      ),
    );
    await waitFor(() => expect(screen.getByText('Run 3 succeeded.')).toBeInTheDocument(), {
      timeout: 5_000,
    });
    const [, newest] = within(screen.getByRole('table', { name: 'Run history' })).getAllByRole(
      'row',
    );
    expect(newest).toHaveTextContent(/Run 3\s*Succeeded/);
    expect(newest).toHaveTextContent('30');
  });

  it('says so when the stream does not exist', async () => {
    givenThreeStreams();
    renderApp('/streams/404');
    expect(await screen.findByText('Cannot read this stream')).toBeInTheDocument();
  });
});
