import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { aDataset, anExport, givenExports } from './fake-platform';

const dataset = aDataset();
const openTab = () => renderApp(`/datasets/${dataset.id}/exports`);

describe('/datasets/:datasetId/exports', { timeout: 20_000 }, () => {
  it('refuses a bad bucket beside the field and sends nothing', async () => {
    const user = userEvent.setup();
    const { posted } = givenExports([dataset]);
    openTab();
    await user.type(await screen.findByLabelText(/^Bucket/), 'Bad_Bucket');
    await user.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText(/3 to 63 lower-case letters/)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('starts an export of the chosen columns, forgets the secret, and follows it to its end', async () => {
    const user = userEvent.setup();
    const { posted } = givenExports([dataset]);
    openTab();
    expect(await screen.findByText('This dataset has not been exported yet')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Bucket/), 'reports');
    await user.type(screen.getByLabelText('Access key'), 'AKIAEXAMPLE');
    await user.type(screen.getByLabelText('Secret'), 's3cr3t');
    await user.click(screen.getByRole('combobox', { name: 'Columns' }));
    await user.click(await screen.findByRole('option', { name: 'amount' }));
    await user.click(screen.getByRole('button', { name: 'Start export' }));

    expect(await screen.findByRole('heading', { name: 'Running export' })).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({
        bucket: 'reports',
        awsAccessKey: 'AKIAEXAMPLE',
        awsAccessSecret: 's3cr3t',
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- an asymmetric matcher
        queryRequest: expect.objectContaining({
          query: { columns: [{ column: 'amount', exprType: 'COLUMN' }] },
        }),
      }),
    ]);
    expect(screen.getByLabelText('Access key')).toHaveValue('');
    expect(screen.getByLabelText('Secret')).toHaveValue('');

    const latest = await screen.findByRole(
      'heading',
      { name: 'Latest export' },
      { timeout: 8_000 },
    );
    const details = latest.closest('section')!;
    expect(within(details).getByRole('group', { name: 'Status' })).toHaveTextContent('Succeeded');
    expect(within(details).getByRole('group', { name: 'Rows' })).toHaveTextContent('2,000 rows');
  });

  it('says so when the platform returned the previous export because nothing changed', async () => {
    const user = userEvent.setup();
    givenExports([dataset], { [dataset.id]: [anExport()] });
    openTab();
    await user.type(await screen.findByLabelText(/^Bucket/), 'reports');
    await user.click(screen.getByRole('button', { name: 'Start export' }));
    expect(await screen.findByText('No new export: the data has not changed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Running export' })).not.toBeInTheDocument();
  });

  it('shows a failure with its code and reason', async () => {
    givenExports([dataset], {
      [dataset.id]: [
        anExport({
          exportStatus: 'failed',
          errorCode: 'EXPORT_FAILED',
          message: 'Access Denied',
          urlRowCountMap: {},
        }),
      ],
    });
    openTab();
    expect(await screen.findByText('The export failed (EXPORT_FAILED)')).toBeInTheDocument();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
  });

  it('disables Start export, saying why, while an export of the dataset runs', async () => {
    givenExports(
      [dataset],
      { [dataset.id]: [anExport({ exportStatus: 'running', finished: null, urlRowCountMap: {} })] },
      { pollsToFinish: 1_000 },
    );
    openTab();
    expect(await screen.findByRole('heading', { name: 'Running export' })).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start export' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(/An export of this dataset is running/);
  });
});
