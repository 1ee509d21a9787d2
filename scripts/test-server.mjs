// Runs the server tests (platform, gateway) on PGlite, then again on PostgreSQL when
// DATABASE_URL is set (.ci/run starts a throwaway cluster and sets it): the same SQL must pass on both.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const runs = [['PGlite', { ...process.env, DATABASE_URL: '' }]];
if (process.env.DATABASE_URL) runs.push(['PostgreSQL', process.env]);
else console.log('DATABASE_URL is unset: the server tests run on PGlite only.');

for (const [store, env] of runs) {
  console.log(`\n== server tests on ${store}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extra], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
