import { describe, expect, it } from 'vitest';
import { datasetIdOf, nameLinks } from './links';

const link = (type: string, id: string, valid = 'VALID') => ({
  resource: { type, id },
  visible: true,
  active: true,
  valid,
});

describe('nameLinks', () => {
  it('names datasets and cards it knows, and leaves the others unnamed', () => {
    const named = nameLinks(
      [link('DATA_SOURCE', 'ds-1'), link('CARD', '7', 'ILLEGAL_REFERENCE'), link('CARD', '8')],
      new Map([['ds-1', 'Sales']]),
      new Map([['7', 'Revenue by region']]),
    );
    expect(named.map((l) => [l.kind, l.name, l.valid])).toEqual([
      ['dataset', 'Sales', true],
      ['card', 'Revenue by region', false],
      ['card', undefined, true],
    ]);
  });

  it('finds the data source a field reads', () => {
    expect(datasetIdOf({ links: [link('CARD', '7'), link('DATA_SOURCE', 'ds-2')] })).toBe('ds-2');
    expect(datasetIdOf({ links: [] })).toBeUndefined();
  });
});
