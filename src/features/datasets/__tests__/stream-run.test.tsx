import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { StreamExecution } from '../../../api/contract';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aDataset, anExecution, aStream } from './data';
import { givenDataset } from './handlers';

const dataset = aDataset();
const stream = aStream();
const streams = '/api/data/v1/streams';

/**
 * A stream whose run goes ACTIVE → ACTIVE → then `last`; the dataset grows by `last.rowsInserted`
 * once the run has ended. Records the run's body and every poll.
 */
function givenStreamRun(last: Partial<StreamExecution>) {
  let rowCount = dataset.rowCount;
  let polls = 0;
  const runBodies: unknown[] = [];
  const running = anExecution({ id: 42, state: 'ACTIVE', endedAt: null, rowsInserted: 0 });
  givenDataset();
  server.use(
    http.get('/api/data/v3/datasources/:id', () => HttpResponse.json({ ...dataset, rowCount })),
    http.get(streams, ({ request }) => {
      expect(new URL(request.url).searchParams.get('datasetId')).toBe(dataset.id);
      return HttpResponse.json([stream]);
    }),
    http.get(`${streams}/connectors`, () =>
      HttpResponse.json([
        {
          key: 'data-file',
          name: 'Data file (CSV)',
          versions: ['1'],
          fields: [{ name: 'dataFileId', label: 'Data file', required: true }],
        },
      ]),
    ),
    http.get(`${streams}/:id`, () => HttpResponse.json(stream)),
    http.get('/api/data/v1/data-files/:id/details', ({ params }) =>
      HttpResponse.json({
        dataFileId: Number(params.id),
        name: 'regional-targets.csv',
        responsibleUserId: 1,
        datetimeCreated: Date.UTC(2026, 10, 2),
        existing: true,
      }),
    ),
    http.get(`${streams}/:id/executions`, () => HttpResponse.json([])),
    http.post(`${streams}/:id/executions`, async ({ request, params }) => {
      expect(params.id).toBe('7');
      runBodies.push(await request.json());
      return HttpResponse.json(running, { status: 201 });
    }),
    http.get(`${streams}/:id/executions/:executionId`, ({ params }) => {
      expect(params.executionId).toBe('42');
      polls += 1;
      if (polls < 3) return HttpResponse.json({ ...running, rowsInserted: polls * 2 });
      const ended = { ...running, endedAt: '2026-11-29T10:00:03.000Z', ...last };
      if (ended.state === 'SUCCESS') rowCount = dataset.rowCount + ended.rowsInserted;
      return HttpResponse.json(ended);
    }),
  );
  return { runBodies, polls: () => polls };
}

describe('the dataset stream (Overview)', { timeout: 20_000 }, () => {
  it('describes the stream that loads the dataset', async () => {
    givenStreamRun({ state: 'SUCCESS' });
    server.use(
      http.get(`${streams}/:id/executions`, () => HttpResponse.json([anExecution()])),
      http.get(streams, () =>
        HttpResponse.json([
          aStream({
            advancedScheduleJson: JSON.stringify({
              type: 'DAILY',
              at: '06:30',
              timezone: 'Europe/Paris',
            }),
            nextRunAt: '2026-11-30T05:30:00.000Z',
          }),
        ]),
      ),
    );
    renderApp(`/datasets/${dataset.id}`);

    const section = await screen.findByRole('region', { name: 'Stream' });
    const value = (label: string) =>
      within(within(section).getByRole('group', { name: label })).getByRole('definition');
    expect(await within(section).findByText('Data file (CSV)')).toBeInTheDocument();
    expect(value('Update method')).toHaveTextContent('Append: each run adds a partition');
    expect(value('Schedule')).toHaveTextContent('Daily at 06:30 (Europe/Paris)');
    expect(await within(section).findByText('regional-targets.csv')).toBeInTheDocument();
    expect(value('Configuration')).toHaveTextContent('Data file: regional-targets.csv');
    expect(await within(section).findByText(/Last run 41/)).toHaveTextContent(
      /2,000 rows inserted/,
    );
    expect(
      within(section).getByRole('link', { name: /configuration and run history/ }),
    ).toHaveAttribute('href', '/streams/7');
  });

  it('runs the stream, polls while ACTIVE, stops when done, and shows the new row count', async () => {
    const user = userEvent.setup();
    const run = givenStreamRun({ state: 'SUCCESS', rowsInserted: 5 });
    renderApp(`/datasets/${dataset.id}`);

    const section = await screen.findByRole('region', { name: 'Stream' });
    expect(await within(section).findByText('This stream has not run yet.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Run now' }));

    const status = within(section).getByRole('status', { name: 'Stream run' });
    expect(await within(status).findByText(/Run 42 is running/)).toBeInTheDocument();
    expect(
      within(status).getByRole('progressbar', { name: 'Run 42 in progress' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Run now' })).toBeDisabled();

    expect(
      await within(status).findByText('Run 42 succeeded', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(await within(status).findByText(/The dataset now has 2,005 rows/)).toBeInTheDocument();
    expect(screen.getByText('2,005 rows, 3 columns')).toBeInTheDocument();
    expect(run.runBodies).toEqual([{ runType: 'MANUAL' }]);

    // Polling stopped with the run.
    const pollsWhenDone = run.polls();
    expect(pollsWhenDone).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(run.polls()).toBe(pollsWhenDone);
    expect(within(section).getByRole('button', { name: 'Run now' })).toBeEnabled();
  });

  it('shows why a run failed', async () => {
    const user = userEvent.setup();
    givenStreamRun({ state: 'ERROR', errorMessage: 'line 3: expected 5 fields, found 2' });
    renderApp(`/datasets/${dataset.id}`);

    const section = await screen.findByRole('region', { name: 'Stream' });
    await user.click(await within(section).findByRole('button', { name: 'Run now' }));
    expect(
      await within(section).findByText('Run 42 failed', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(within(section).getByText('line 3: expected 5 fields, found 2')).toBeInTheDocument();
  });

  it('a run that does not start says why', async () => {
    const user = userEvent.setup();
    givenStreamRun({ state: 'SUCCESS' });
    server.use(
      http.post(`${streams}/:id/executions`, () =>
        HttpResponse.json({ message: 'stream 7 is already running' }, { status: 409 }),
      ),
    );
    renderApp(`/datasets/${dataset.id}`);
    const section = await screen.findByRole('region', { name: 'Stream' });
    await user.click(await within(section).findByRole('button', { name: 'Run now' }));
    expect(await within(section).findByText('The run did not start')).toBeInTheDocument();
    expect(within(section).getByText('stream 7 is already running')).toBeInTheDocument();
  });

  it('right after the stream wizard (?stream=), offers "Run now" first', async () => {
    const user = userEvent.setup();
    const run = givenStreamRun({ state: 'SUCCESS', rowsInserted: 5 });
    const listed = vi.fn();
    server.use(
      http.get(streams, () => {
        listed();
        return HttpResponse.json([]);
      }),
    );
    renderApp(`/datasets/${dataset.id}?stream=7`);

    const section = await screen.findByRole('region', { name: 'Stream' });
    const offer = await within(section).findByRole('alert');
    expect(within(offer).getByText('Stream created')).toBeInTheDocument();
    // The stream comes first on the page, before the summary.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual(['Stream', 'Summary']);
    expect(listed).not.toHaveBeenCalled();

    await user.click(within(offer).getByRole('button', { name: 'Run now' }));
    expect(
      await within(section).findByText('Run 42 succeeded', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(within(section).queryByText('Stream created')).not.toBeInTheDocument();
    expect(run.runBodies).toHaveLength(1);
  });

  it('keeps "Run now" in one place while the new stream\'s runs load', async () => {
    givenStreamRun({ state: 'SUCCESS', rowsInserted: 5 });
    let answer: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${streams}/:id/executions`, async () => {
        await loaded;
        return HttpResponse.json([]);
      }),
    );
    renderApp(`/datasets/${dataset.id}?stream=7`);

    const section = await screen.findByRole('region', { name: 'Stream' });
    const offer = await within(section).findByRole('alert');
    const button = within(offer).getByRole('button', { name: 'Run now' });
    expect(within(section).getAllByRole('button', { name: 'Run now' })).toEqual([button]);
    answer();
    expect(await within(section).findByText('This stream has not run yet.')).toBeInTheDocument();
    // The same element: nothing under the pointer was swapped.
    expect(within(section).getAllByRole('button', { name: 'Run now' })).toEqual([button]);
    expect(button).toBeInTheDocument();
  });

  it('does not offer the first run again once the stream has run', async () => {
    givenStreamRun({ state: 'SUCCESS' });
    server.use(http.get(`${streams}/:id/executions`, () => HttpResponse.json([anExecution()])));
    renderApp(`/datasets/${dataset.id}?stream=7`);

    const section = await screen.findByRole('region', { name: 'Stream' });
    expect(await within(section).findByText(/Last run 41/)).toBeInTheDocument();
    expect(within(section).queryByText('Stream created')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Run now' })).toBeEnabled();
  });

  it('follows a run that a schedule started before the page opened', async () => {
    const run = givenStreamRun({ state: 'SUCCESS', rowsInserted: 5 });
    server.use(
      http.get(`${streams}/:id/executions`, () =>
        HttpResponse.json([anExecution({ id: 42, state: 'ACTIVE', endedAt: null })]),
      ),
    );
    renderApp(`/datasets/${dataset.id}`);

    const section = await screen.findByRole('region', { name: 'Stream' });
    expect(await within(section).findByText(/Run 42 is running/)).toBeInTheDocument();
    expect(
      await within(section).findByText('Run 42 succeeded', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(run.runBodies).toEqual([]);
  });
});
