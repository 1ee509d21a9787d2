import { describe, expect, it } from 'vitest';
import { calculatedField } from './calculated-fields';

const field = {
  id: 311,
  name: 'Margin',
  owner: 27,
  locked: false,
  global: true,
  expression: 'SUM(`Revenue`) - SUM(`Cost`)',
  checkSum: 'a1b2c3',
  links: [
    { resource: { type: 'DATA_SOURCE', id: 'ds-42' }, visible: true, active: true, valid: 'VALID' },
  ],
  legacyId: 'calculation_abc',
  lastModified: 1767225600000,
  created: 1767139200000,
  aggregated: true,
  analytic: false,
  dataType: 'DECIMAL',
  status: 'VALID',
  cacheWindow: 'day',
  columnPositions: [{ columnName: 'Revenue', columnPosition: 5 }],
  functions: ['SUM'],
  archived: false,
  hidden: false,
  variable: false,
};

describe('2.3 Calculated field', () => {
  it('reads the spec shape', () => {
    expect(calculatedField.parse(field)).toEqual(field);
  });

  it('rejects a string id and a missing locked flag', () => {
    expect(calculatedField.safeParse({ ...field, id: '311' }).success).toBe(false);
    const { locked: _omitted, ...unlocked } = field;
    expect(calculatedField.safeParse(unlocked).success).toBe(false);
  });
});
