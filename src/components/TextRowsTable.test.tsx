import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextRowsTable } from './TextRowsTable';

describe('TextRowsTable', () => {
  it('draws every column of a short row, and its box scrolls from the keyboard', async () => {
    const user = userEvent.setup();
    render(
      <TextRowsTable
        label="First rows of data.csv"
        header={['city', 'country', 'population']}
        rows={[['Lyon', 'France', '522250'], ['Oslo']]}
      />,
    );
    const table = screen.getByRole('table', { name: 'First rows of data.csv' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['city', 'country', 'population']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Oslo', '', '']);
    await user.tab();
    expect(
      screen.getByRole('region', { name: 'First rows of data.csv, scrollable' }),
    ).toHaveFocus();
  });

  it('says so when there is no row under the header', () => {
    render(
      <TextRowsTable label="Preview" header={['a']} rows={[]} empty="The file has no rows." />,
    );
    expect(screen.getByText('The file has no rows.')).toBeInTheDocument();
  });
});
