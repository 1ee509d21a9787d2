import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { removeTemplates, TEMPLATES_ENV, type StoreTemplates } from './templates';

/**
 * Once per run of the server tests: the stores each test file copies (testing/templates.ts),
 * made in a process of their own (the store's threads and memory never stay in the runner) and
 * named to the test processes through the environment they inherit.
 */
export default function setup() {
  // Each server project of one run names this setup: the first makes the templates for all.
  if (process.env[TEMPLATES_ENV]) return undefined;
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./make-templates.ts', import.meta.url))],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const templates = JSON.parse(output.trim().split('\n').at(-1)!) as StoreTemplates;
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  return async () => {
    await removeTemplates(templates);
    delete process.env[TEMPLATES_ENV];
  };
}
