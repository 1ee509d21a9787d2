import { describe, expect, it } from 'vitest';
import { MAX_SQL_LENGTH, parsePreviewSql } from './preview';

const refusal = (sql: string) => {
  try {
    parsePreviewSql(sql);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('the rows preview statement', () => {
  it('reads the forms it supports', () => {
    expect(parsePreviewSql('select * from table limit 2 offset 4;')).toEqual({
      columns: '*',
      table: 'table',
      limit: 2,
      offset: 4,
    });
    expect(parsePreviewSql('SELECT a, "b c", `d` FROM "x-1"')).toEqual({
      columns: ['a', 'b c', 'd'],
      table: 'x-1',
      limit: 10_000,
      offset: 0,
    });
  });

  it('reads ORDER BY one column with its direction', () => {
    expect(parsePreviewSql('SELECT * FROM table ORDER BY "unit price" DESC LIMIT 5')).toEqual({
      columns: '*',
      table: 'table',
      limit: 5,
      offset: 0,
      orderBy: { column: 'unit price', direction: 'DESC' },
    });
    expect(parsePreviewSql('select * from table order by units').orderBy).toEqual({
      column: 'units',
      direction: 'ASC',
    });
    expect(refusal('SELECT * FROM table ORDER units')).toMatch(/ORDER must be followed by BY/);
    expect(refusal('SELECT * FROM table ORDER BY 1')).toMatch(/ORDER BY needs one column name/);
  });

  it('refuses what it does not support, naming the form', () => {
    for (const sql of [
      'SELECT * FROM table ORDER BY a, b',
      'SELECT count(*) FROM table',
      'SELECT * FROM table; DROP TABLE datasets',
      'SELECT * FROM table LIMIT -1',
      'SELECT * FROM table LIMIT 1234567890',
      'SELECT a b FROM table',
      'SELECT FROM table',
      'SELECT * FROM',
      '',
    ])
      expect(refusal(sql), sql).toMatch(/^sql: /);
    expect(refusal('SELECT * FROM table LIMIT 10001')).toBe('sql: LIMIT is at most 10000');
  });

  // A 4,000-character select list of spaces or commas makes a backtracking pattern run for
  // seconds; the statement is read in one pass, so these are answered at once.
  it('answers the statements that made the old pattern backtrack', () => {
    const spaces = `SELECT ${'a '.repeat((MAX_SQL_LENGTH - 40) / 2)}FROM table`;
    expect(refusal(spaces)).toMatch(/^sql: "a" is not a column name|^sql: Only/);
    const commas = `SELECT ${'a ,'.repeat((MAX_SQL_LENGTH - 40) / 3)} FROM table`;
    expect(refusal(commas)).toMatch(/^sql: /);
    expect(refusal(`SELECT ${' '.repeat(MAX_SQL_LENGTH)}`)).toBe(
      `sql: at most ${MAX_SQL_LENGTH} characters`,
    );
  });
});
