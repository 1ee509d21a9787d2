import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
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
