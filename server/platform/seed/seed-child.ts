// The seed process's entry (seed/in-child.ts starts it): opens the store the serving process
// names in PLATFORM_SEED_STORE, migrates it, writes the sample data (one transaction), closes it
// (releasing DATA_DIR's lock) and exits. Whatever seeding grows (PGlite's WebAssembly memory, the
// allocators' arenas, the parsed sample data) goes with this process, not the one that serves.
import { openStore, type StoreOptions } from '../store';
import { seedIfEmpty } from './index';
import { FAILED_PREFIX, SEEDED_LINE } from './in-child';

async function main() {
  const options = JSON.parse(process.env.PLATFORM_SEED_STORE ?? '') as StoreOptions;
  const db = await openStore(options);
  try {
    await seedIfEmpty(db);
  } finally {
    await db.close();
  }
}

try {
  await main();
  process.stdout.write(`${SEEDED_LINE}\n`);
  process.exit(0);
} catch (error) {
  // The reason alone, one line: no stack (file paths), nothing of the environment.
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${FAILED_PREFIX}${reason.replace(/\s+/g, ' ').trim()}\n`);
  process.exit(1);
}
