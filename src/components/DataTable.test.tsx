import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderHeld } from '../test/render';
import { DataTable, type DataColumn, type DataTableProps } from './DataTable';

interface Row {
  id: string;
  name: string;
  size: number;
}
type Sort = 'name' | 'size';

const columns: DataColumn<Row, Sort>[] = [
  { key: 'name', header: 'Name', sortField: 'name', rowHeader: true, cell: (r) => r.name },
  { key: 'size', header: 'Size', sortField: 'size', align: 'right', cell: (r) => r.size },
  { key: 'actions', header: 'Actions', hideHeader: true, cell: (r) => `act ${r.id}` },
];
const rows = [
  { id: 'a', name: 'Alpha', size: 1 },
  { id: 'b', name: 'Beta', size: 2 },
];

/** The table of things, with what a test sets. */
const things = (props: Partial<DataTableProps<Row, Sort>> = {}) => (
  <DataTable label="Things" columns={columns} rows={rows} {...props} />
);

describe('DataTable', () => {
  it('says which column sorts and how, and asks to sort by a header', async () => {
    const onSort = vi.fn();
    render(things({ sort: { field: 'size', order: 'desc', onSort } }));
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getByRole('columnheader', { name: 'Size' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table).getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute(
      'aria-sort',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name', 'asc');
    // The actions header is there for screen readers, and names no button.
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Beta' })).toBeInTheDocument();
  });

  it('shows the empty row, and marks the table busy while the next page loads', async () => {
    render(
      things({
        rows: [],
        empty: 'No things yet',
        updating: true,
        pager: { page: 0, pageSize: 10, hasNextPage: false, onPageChange: vi.fn() },
      }),
    );
    expect(screen.getByRole('cell', { name: 'No things yet' })).toHaveAttribute('colspan', '3');
    expect(screen.getByRole('table', { name: 'Things' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('progressbar', { name: 'Updating things' })).toBeInTheDocument();
  });

  it('pages: an unknown total shows "more than", and a known one that fits can hide the pager', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(
      things({ pager: { page: 0, pageSize: 2, hasNextPage: true, onPageChange } }),
    );
    // The pager loads with the first table that pages (it is a chunk of its own).
    expect(await screen.findByText('1–2 of more than 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    rerender(
      things({ pager: { page: 0, pageSize: 25, total: 2, onPageChange, hideWhenOnePage: true } }),
    );
    expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
  });

  it('a pager over the screen’s own state (no address) shows that state, however it changes', async () => {
    const user = userEvent.setup();
    function Local() {
      const [page, setPage] = useState(0);
      return (
        <>
          <button onClick={() => setPage(0)}>Back to the start</button>
          {things({ pager: { page, pageSize: 2, total: 9, onPageChange: setPage } })}
        </>
      );
    }
    renderHeld(<Local />, '/things');
    await user.click(await screen.findByRole('button', { name: /next page/i }));
    expect(screen.getByText('3–4 of 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the start' }));
    expect(screen.getByText('1–2 of 9')).toBeInTheDocument();
  });
});
