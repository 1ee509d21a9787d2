import { within } from '@testing-library/react';

/**
 * A table's body rows as their cells' text (the first `count` cells of each, or all), ready for
 * `toEqual`. A select's display ends with a zero-width space (MUI keeps its height when empty):
 * it is left out.
 */
export function cellTexts(table: HTMLElement, count?: number) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, count)
        .map((cell) => cell.textContent?.replace(/\u200b/g, '')),
    );
}
