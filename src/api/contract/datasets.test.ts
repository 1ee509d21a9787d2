import { describe, expect, it } from 'vitest';
import { indexedSchema } from './datasets';

const schema = {
  name: 'Sales',
  tables: [
    {
      columns: [
        { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 0 },
        { name: 'Amount', id: 'amount', type: 'DOUBLE', visible: false, order: 1 },
      ],
    },
  ],
  dataSourceId: 'ds-42',
};

describe('2.5 Dataset indexed schema', () => {
  it('reads the spec shape', () => {
    expect(indexedSchema.parse(schema)).toEqual(schema);
  });

  it('rejects a column without an integer order', () => {
    const wrong = {
      ...schema,
      tables: [{ columns: [{ ...schema.tables[0]!.columns[0], order: '0' }] }],
    };
    expect(indexedSchema.safeParse(wrong).success).toBe(false);
  });
});
