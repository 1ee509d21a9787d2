import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { finishUnfinished, upgradeRowSets } from '../datasets/row-sets-upgrade';
import type { Db, Queryable } from './db';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Several platform processes may start at once on one PostgreSQL: each step takes a
 * transaction-scoped advisory lock for the schema first, and checks again what is applied.
 */
export const lockSchema = (tx: Queryable, purpose: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1 || current_schema()))', [purpose]);

/**
 * Applies `migrations/NNN_name.sql` in order, each once, each in its own transaction; then the
 * upgrades that move data in pieces (datasets/row-sets-upgrade.ts), and the live sets a stopped
 * process left unfinished are finished (`finishUnfinished` there).
 */
export async function migrate(db: Db) {
  await db.transaction(async (tx) => {
    await lockSchema(tx, 'migrate:');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_on timestamptz NOT NULL DEFAULT now())',
    );
  });
  const applied = new Set(
    (await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id),
  );
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      await lockSchema(tx, 'migrate:');
      const [done] = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [file]);
      if (done) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [file]);
    });
  }
  await upgradeRowSets(db);
  await finishUnfinished(db);
}

/**
 * Splits a migration at each `;` that ends a line, except inside a `$$`-quoted function body.
 * Our migrations hold no other dollar quotes and no quoted semicolons.
 */
export function splitStatements(sql: string) {
  const statements: string[] = [];
  let current = '';
  sql
    .replace(/--.*$/gm, '')
    .split('$$')
    .forEach((part, i) => {
      if (i % 2 === 1) {
        current += `$$${part}$$`;
        return;
      }
      const [first = '', ...rest] = part.split(/;\s*$/m);
      current += first;
      for (const piece of rest) {
        statements.push(current);
        current = piece;
      }
    });
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
}
