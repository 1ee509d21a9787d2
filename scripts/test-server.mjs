// Runs the server tests (platform, gateway) on PGlite, then, when DATABASE_URL is set (.ci/run
// starts a throwaway cluster and sets it), the files whose behaviour depends on the database on
// PostgreSQL (scripts/server-suites.ts says which).
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const runs = [['PGlite', ['server', 'server-alone'], { ...process.env, DATABASE_URL: '' }]];
if (process.env.DATABASE_URL)
  runs.push(['PostgreSQL', ['server-postgresql', 'server-postgresql-alone'], process.env]);
else console.log('DATABASE_URL is unset: the server tests run on PGlite only.');

for (const [store, projects, env] of runs) {
  console.log(`\n== server tests on ${store}`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra];
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
