import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, startConsole, TEMPLATE_ENV } from './consoles';

/**
 * Once per run: the build `npm start` makes, and one seeded DATA_DIR (a console started on an
 * empty one seeds it, and stops) that each worker's console copies.
 */
export default async function globalSetup() {
  build();
  const template = mkdtempSync(path.join(os.tmpdir(), 'platform-console-e2e-template-'));
  const seeding = await startConsole({ DATA_DIR: template });
  await seeding.close();
  process.env[TEMPLATE_ENV] = template;
  return () => {
    if (!process.env.E2E_KEEP_DATA) rmSync(template, { recursive: true, force: true });
  };
}
