import { describe, expect, it } from 'vitest';
import { checkSumOf, parseExpression } from './expression';

describe('expression tokenizer', () => {
  it('finds function calls, CASE and column positions', () => {
    const e = 'CASE WHEN SUM(`units`) > 0 THEN ROUND (`revenue` / SUM(`units`), 2) ELSE 0 END';
    const parts = parseExpression(e);
    expect(parts.functions).toEqual(['CASE', 'SUM', 'ROUND']);
    expect(parts.columnPositions.map((c) => c.columnName)).toEqual(['units', 'revenue', 'units']);
    for (const c of parts.columnPositions) expect(e[c.columnPosition]).toBe('`');
  });

  it('ignores words inside literals, column names and comments, and OVER (', () => {
    const parts = parseExpression(
      "CONCAT('SUM(x) isn''t', `MAX(a)`) -- AVG(b)\n + RANK() OVER (PARTITION BY `r`) /* MIN( */",
    );
    expect(parts.functions).toEqual(['CONCAT', 'RANK']);
    expect(parts.columnPositions.map((c) => c.columnName)).toEqual(['MAX(a)', 'r']);
  });

  it('hashes the expression', () => {
    expect(checkSumOf('SUM(`a`)')).toMatch(/^[0-9a-f]{64}$/);
    expect(checkSumOf('SUM(`a`)')).not.toBe(checkSumOf('SUM(`b`)'));
  });
});
