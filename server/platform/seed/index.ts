import type { Db, Queryable } from '../store';
import { lockSchema } from '../store/migrate';
import { seedDocumentStore } from './datastores';
import { seedPeople } from './people';
import { seedDatasets } from './datasets';
import { seedStreams } from './streams';
import { seedCalculatedFields } from './calculated-fields';
import { seedLinkedDatasets } from './linked-datasets';
import { seedFilesets } from './filesets';
import { seedWorkflows } from './workflows';
import { seedGenerationSessions } from './generation';
import { seedExports } from './exports';
import { isSeeded } from './seeded';

/**
 * Sample data for every screen, written once on first start (meta key `seeded`).
 * Each area seeds its own tables; the order follows the foreign keys.
 */
const seeders: Array<(tx: Queryable) => Promise<void>> = [
  seedPeople,
  seedDocumentStore,
  seedDatasets,
  seedStreams,
  seedLinkedDatasets,
  seedCalculatedFields,
  seedFilesets,
  seedWorkflows,
  seedGenerationSessions,
  seedExports,
];

export async function seedIfEmpty(db: Db) {
  if (await isSeeded(db)) return;
  await db.transaction(async (tx) => {
    // Another process starting at the same time may have seeded while this one waited.
    await lockSchema(tx, 'seed:');
    if (await isSeeded(tx)) return;
    for (const seed of seeders) await seed(tx);
    await tx.query('INSERT INTO meta (key, value) VALUES ($1, $2)', [
      'seeded',
      JSON.stringify(true),
    ]);
  });
}
