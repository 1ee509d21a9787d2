import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate';

describe('splitStatements', () => {
  it('splits at a semicolon ending a line, drops comments, keeps function bodies whole', () => {
    const sql = `-- a comment; with a semicolon;
ALTER TABLE t ADD COLUMN n int;
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE t SET n = n + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER g AFTER INSERT ON t
  FOR EACH STATEMENT EXECUTE FUNCTION f();
`;
    expect(splitStatements(sql)).toEqual([
      'ALTER TABLE t ADD COLUMN n int',
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  UPDATE t SET n = n + 1;\n  RETURN NULL;\nEND $$',
      'CREATE TRIGGER g AFTER INSERT ON t\n  FOR EACH STATEMENT EXECUTE FUNCTION f()',
    ]);
  });
});
