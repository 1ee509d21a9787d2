import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { aDataset, aPartition } from './data';
import { givenDataset } from './handlers';
import { cellTexts } from '../../../test/table';

const dataset = aDataset();

/** Three partitions whose delete really removes the partition and its rows. */
function givenPartitions() {
  let partitions = [
    aPartition({ partitionId: '2026-09-28', rowCount: 700 }),
    aPartition({ partitionId: '2026-10-28', rowCount: 650, createdAt: '2026-10-28T00:00:00.000Z' }),
    aPartition({ partitionId: '2026-11-28', rowCount: 650, createdAt: '2026-11-28T00:00:00.000Z' }),
  ];
  const deleted: string[] = [];
  const rowCount = () => partitions.reduce((sum, p) => sum + p.rowCount, 0);
  givenDataset();
  server.use(
    http.get('/api/data/v3/datasources/:id', () =>
      HttpResponse.json({ ...dataset, rowCount: rowCount() }),
    ),
    http.get('/api/query/v1/datasources/:id/partition', () => HttpResponse.json(partitions)),
    http.delete('/api/query/v1/datasources/:id/partition/:partitionId', ({ params }) => {
      const id = String(params.partitionId);
      if (!partitions.some((p) => p.partitionId === id))
        return HttpResponse.json({ message: `No partition ${id}` }, { status: 404 });
      deleted.push(id);
      partitions = partitions.filter((p) => p.partitionId !== id);
      return HttpResponse.json({ partitionId: id, deleted: true });
    }),
  );
  return deleted;
}

const openPartitions = () => renderApp(`/datasets/${dataset.id}/partitions`);

describe('/datasets/:datasetId/partitions', { timeout: 20_000 }, () => {
  it('lists the partitions with their row counts and creation dates', async () => {
    givenPartitions();
    openPartitions();

    const table = await screen.findByRole('table', { name: 'Partitions' });
    const rows = cellTexts(table, 2);
    expect(rows).toEqual([
      ['2026-09-28', '700'],
      ['2026-10-28', '650'],
      ['2026-11-28', '650'],
    ]);
    expect(
      screen.getByText('3 partitions holding 2,000 rows; the dataset has 2,000 rows in all.'),
    ).toBeInTheDocument();
  });

  it('deletes a partition after a confirm naming it, and the row count drops', async () => {
    const user = userEvent.setup();
    const deleted = givenPartitions();
    openPartitions();
    expect(await screen.findByText('2,000 rows, 3 columns')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Delete partition 2026-09-28' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete partition 2026-09-28?' });
    expect(confirm).toHaveTextContent('This removes its 700 rows from “Sales by region”.');
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete partition' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual(['2026-09-28']);
    expect(
      await screen.findByText('Partition 2026-09-28 deleted: 700 rows removed'),
    ).toBeInTheDocument();
    expect(await screen.findByText('1,300 rows, 3 columns')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Partitions' });
    await vi.waitFor(() => expect(within(table).queryByText('2026-09-28')).not.toBeInTheDocument());
  });

  it('shows the platform’s error in the dialog when the delete fails', async () => {
    const user = userEvent.setup();
    givenPartitions();
    server.use(
      http.delete('/api/query/v1/datasources/:id/partition/:partitionId', () =>
        HttpResponse.json({ message: 'No partition 2026-09-28' }, { status: 404 }),
      ),
    );
    openPartitions();
    await user.click(await screen.findByRole('button', { name: 'Delete partition 2026-09-28' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete partition' }));
    expect(await within(confirm).findByText('No partition 2026-09-28')).toBeInTheDocument();
    expect(within(confirm).getByText('The partition was not deleted')).toBeInTheDocument();
  });

  it('says so when the dataset has no partitions', async () => {
    givenDataset();
    openPartitions();
    expect(
      await screen.findByRole('heading', { name: 'This dataset has no partitions' }),
    ).toBeInTheDocument();
  });
});
