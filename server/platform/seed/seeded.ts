import type { Queryable } from '../store';

/** Whether the sample data is written (meta key `seeded`, set in the seed's own transaction). */
export async function isSeeded(db: Queryable): Promise<boolean> {
  const [done] = await db.query('SELECT 1 FROM meta WHERE key = $1', ['seeded']);
  return done !== undefined;
}
