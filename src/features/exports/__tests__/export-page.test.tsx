import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportDetails } from '../../../api/contract';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aDataset, anExport, givenExports } from './fake-platform';

const dataset = aDataset();

describe('/exports/:datasetId/:exportId on a real instance', { timeout: 20_000 }, () => {
  it('finds the export among its dataset’s records and shows each object’s URL and rows', async () => {
    const { requested } = givenExports([dataset], {
      [dataset.id]: [
        anExport({
          exportId: 'e-2',
          urlRowCountMap: {
            's3://reports/ds-sales/e-2/export/data.csv': 1500,
            's3://reports/ds-sales/e-2/export/data-1.csv': 500,
          },
        }),
      ],
    });
    renderApp(`/exports/${dataset.id}/e-2`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Export of Sales by region · Succeeded',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Rows' })).toHaveTextContent('2,000 rows in 2 files');
    const files = screen.getByRole('table', { name: 'Files' });
    const rows = within(files).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(
        /^s3:\/\/reports\/ds-sales\/e-2\/export\/data-1\.csv.*500In its bucket$/,
      ),
      expect.stringMatching(
        /^s3:\/\/reports\/ds-sales\/e-2\/export\/data\.csv.*1,500In its bucket$/,
      ),
    ]);
    expect(within(files).queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    // A real instance has no export endpoint of its own: only the dataset's status list is read.
    expect(requested.some((p) => p.startsWith('/api/query/v1/exports'))).toBe(false);
  });

  it('says so when the export is not among the dataset’s records', async () => {
    givenExports([dataset], { [dataset.id]: [anExport()] });
    renderApp(`/exports/${dataset.id}/e-404`);
    expect(await screen.findByText('Export not found')).toBeInTheDocument();
  });
});

describe('/exports/:datasetId/:exportId on the embedded platform', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  const running = anExport({ exportId: 'e-run', exportStatus: 'running', finished: null });
  function givenRunning(more: Partial<ExportDetails>) {
    givenExports([dataset], { [dataset.id]: [running] }, { mode: 'embedded' });
    const details: ExportDetails = {
      record: running,
      datasetId: dataset.id,
      datasetName: dataset.name,
      startedBy: { id: 1, name: 'Ada Admin' },
      target: { kind: 'local', bucket: 'reports', path: 'ds-sales/e-run', region: null },
      query: null,
      files: [],
      ...more,
    };
    server.use(http.get('/api/query/v1/exports/e-run', () => HttpResponse.json(details)));
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  it('says which attempt a running export is on once its job has run again', async () => {
    givenRunning({ attempt: 2, maxAttempts: 3 });
    renderApp(`/exports/${dataset.id}/e-run`);
    const status = await screen.findByRole('group', { name: 'Status' });
    expect(status).toHaveTextContent('Running · attempt 2 of 3');
  });

  it('says nothing of attempts on the first one', async () => {
    givenRunning({ attempt: 1, maxAttempts: 3 });
    renderApp(`/exports/${dataset.id}/e-run`);
    const status = await screen.findByRole('group', { name: 'Status' });
    expect(status).toHaveTextContent('Running');
    expect(status).not.toHaveTextContent(/attempt/);
  });

  it('says so when the platform refuses its live read and it is polled instead', async () => {
    givenRunning({});
    renderApp(`/exports/${dataset.id}/e-run`);
    await screen.findByRole('group', { name: 'Status' });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(screen.queryByText(/live updates paused/)).not.toBeInTheDocument();
    act(() => FakeEventSource.opened[0]!.refuse());
    expect(
      await screen.findByText('Still running: live updates paused, refreshing every 1.5 s.'),
    ).toBeInTheDocument();
  });
});
