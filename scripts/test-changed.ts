// `npm run test:changed`: the tests related to what changed since main (commits and the work
// tree). Vitest follows the import graph (`--changed`) for the console and the server tests on
// PGlite; the browser journeys run for the specs that changed and for the screens whose feature
// folder changed (src/features/<screen>/ → e2e/<screen>.spec.ts). TEST_CHANGED_SINCE names
// another base.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const since = process.env.TEST_CHANGED_SINCE || 'main';
const git = (...args: string[]) =>
  spawnSync('git', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);

const base = git('merge-base', 'HEAD', since)[0] ?? since;
const changed = [
  ...new Set([
    ...git('diff', '--name-only', base),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
];
if (changed.length === 0) {
  console.log(`Nothing changed since ${since}.`);
  process.exit(0);
}
console.log(`${changed.length} file(s) changed since ${since}.`);

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let status = run(
  'npx',
  [
    'vitest',
    'run',
    '--changed',
    base,
    ...['console', 'server', 'server-alone'].flatMap((p) => ['--project', p]),
  ],
  { DATABASE_URL: '' },
);

const specs = new Set<string>();
for (const file of changed) {
  if (/^e2e\/.*\.spec\.ts$/.test(file) && existsSync(file)) specs.add(file);
  const screen = /^src\/features\/([^/]+)\//.exec(file)?.[1];
  if (screen && existsSync(`e2e/${screen}.spec.ts`)) specs.add(`e2e/${screen}.spec.ts`);
}
if (specs.size > 0) status ||= run('npx', ['playwright', 'test', ...specs]);
else console.log('No browser journey is related to the change.');
process.exit(status);
