// Where each server test file runs: one list, read by vite.config.ts.
//
// Every server test file runs on PGlite, two files at a time. PGlite is PostgreSQL itself (the
// same parser, planner and SQL), so what the PostgreSQL pass adds is what differs between the two
// stores: several connections at once (a pool, locks, SKIP LOCKED claims, leases), several
// processes, COPY, LISTEN/NOTIFY, statement timeouts, and code that branches on the store's kind.
// The files below exercise those and run on both; a pure HTTP shape check, a policy table, the
// gateway and the build scripts run once, on PGlite. Each entry says why it runs on PostgreSQL.
// An entry ending in '/' is a folder: every test file below it.
export const onBothDatabases: Record<string, string> = {
  'server/platform/store/': 'the store: pools, migrations, priorities, statement timeouts',
  'server/platform/jobs/': 'job claims (SKIP LOCKED), leases, NOTIFY wake-ups, two processes',
  'server/platform/people/grant-cache.test.ts': 'grants cached and cleared by NOTIFY triggers',
  'server/platform/people/grant-changes.test.ts': 'grant triggers, raw SQL writes',
  'server/platform/people/grant-two-processes.test.ts': 'grant changes seen by another process',
  'server/platform/people/security-admin.test.ts': 'role changes under row locks',
  'server/gateway/team/team.test.ts':
    'sessions and sign-in failures shared by two gateway processes through one store',
  'server/platform/apps/apps.test.ts': "an app's datastore made once under concurrent calls",
  'server/platform/audit/audit.test.ts': 'events in the change’s transaction; NOTIFY of grants',
  'server/platform/datastores/':
    'document SQL that branches on the store: staged creates, batches, sync leases, upkeep',
  'server/platform/datasets/row-sets.test.ts':
    'row sets staged by COPY on PostgreSQL, published in one transaction',
  'server/platform/datasets/preview.test.ts': 'row reads that branch on the store',
  'server/platform/files/preview.test.ts': 'bytes read back through the store',
  'server/platform/streams/engine-csv.test.ts':
    'the engine parses CSV itself (COPY), PostgreSQL only',
  'server/platform/streams/staging.test.ts': 'rows staged with COPY FROM STDIN',
  'server/platform/streams/copy-csv.test.ts':
    "a CSV copied by the engine's COPY: its pieces and its position index branch on the store",
  'server/platform/streams/large-run.test.ts': 'a large run staged in pieces',
  'server/platform/streams/recovery.test.ts': 'a run taken over after a restart (leases)',
  'server/platform/streams/streams.test.ts': 'stream runs: staging, publishing, claims',
  'server/platform/exports/': 'COPY TO, the job queue, leases, live lists by NOTIFY, two processes',
  'server/platform/workflows/start-group.test.ts': 'starts written together under concurrent load',
  'server/platform/workflows/two-processes.test.ts': 'runs claimed across processes',
  'server/platform/workflows/workflows.test.ts':
    'runs claimed, written and resumed through the queue',
  'server/platform/workflows/deferred.test.ts': "a run's deferred writes",
  'server/platform/workflows/journal.test.ts': 'live reads of a run fed by its runner or the store',
  'server/platform/workflows/live.test.ts': 'live reads woken by NOTIFY',
  'server/platform/workflows/steps.test.ts':
    'step SQL that branches on the store (document queries)',
  'server/platform/calculated-fields/service.test.ts': 'formulas compiled to SQL on the store',
  'server/platform/seed/': 'the seed under its lock, two platforms starting on one database',
  'server/platform/live/live-reads.test.ts': 'live reads woken by NOTIFY',
  'server/platform/core.test.ts': 'the store failing under a request',
};

// Files whose assertions bound time tightly (latency under a burst, a prompt stop, an event loop
// kept free, a claim within 2 s): they run after the others, one at a time. Tests of several
// processes wait generously and run with the others.
export const runAlone: Record<string, string> = {
  'server/platform/datastores/durability.test.ts': '20 clients at once; a stop within 100 ms',
  'server/platform/burst-first.test.ts': 'reads answered first during a burst',
  'server/platform/store/request-gauge.test.ts': 'background work held for a measured time',
  'server/platform/store/pglite.test.ts': 'the event loop keeps ticking during a long statement',
  'server/platform/generation/first-generation.test.ts': 'the event loop free within 200 ms',
  'server/platform/jobs/wake.test.ts': 'a queued job claimed within 2 s',
};

const covers = (entry: string, file: string) =>
  entry.endsWith('/') ? file.startsWith(entry) : file === entry;

/** An entry as a glob for Vitest's `include`. */
const glob = (entry: string) => (entry.endsWith('/') ? `${entry}**/*.test.ts` : entry);

export const serverTests = ['server/**/*.test.ts', 'scripts/**/*.test.ts'];
export const alone = Object.keys(runAlone);
export const bothGlobs = Object.keys(onBothDatabases).map(glob);
export const aloneOnBoth = alone.filter((file) =>
  Object.keys(onBothDatabases).some((entry) => covers(entry, file)),
);
