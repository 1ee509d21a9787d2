import type { Db, Queryable } from '../store';
import { seedDocumentStore } from './datastores';
import { seedPeople } from './people';
import { seedDatasets } from './datasets';
import { seedStreams } from './streams';
import { seedCalculatedFields } from './calculated-fields';
import { seedFilesets } from './filesets';
import { seedWorkflows } from './workflows';
import { seedGenerationSessions } from './generation';
import { seedExports } from './exports';

/**
 * Sample data for every screen, written once on first start (meta key `seeded`).
 * Each area seeds its own tables; the order follows the foreign keys.
 */
const seeders: Array<(tx: Queryable) => Promise<void>> = [
  seedPeople,
  seedDocumentStore,
  seedDatasets,
  seedStreams,
  seedCalculatedFields,
  seedFilesets,
  seedWorkflows,
  seedGenerationSessions,
  seedExports,
];

export async function seedIfEmpty(db: Db) {
  const [done] = await db.query('SELECT 1 FROM meta WHERE key = $1', ['seeded']);
  if (done) return;
  await db.transaction(async (tx) => {
    for (const seed of seeders) await seed(tx);
    await tx.query('INSERT INTO meta (key, value) VALUES ($1, $2)', [
      'seeded',
      JSON.stringify(true),
    ]);
  });
}
