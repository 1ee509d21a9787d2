import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Flags for Chromium in a sandboxless container on a closed network (shared/toolchain.md):
 * without the background-networking ones Chromium keeps dialling hosts it cannot reach.
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser tests drive: $CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
 * Playwright's own download if one is installed. `npx playwright install` cannot reach its
 * download host on this project's machines, hence the system browser first.
 */
export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(
      `CHROMIUM_PATH is set to ${fromEnv}, but there is no file there.\n${howToInstall}`,
    );
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const bundled = playwrightChromium();
  if (bundled) return bundled;
  throw new Error(`No Chromium found for the browser tests.\n${howToInstall}`);
}

function playwrightChromium(): string | undefined {
  try {
    const file = chromium.executablePath();
    return file && existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

const howToInstall = [
  'Install one of these, then run the tests again:',
  '  - Debian/Ubuntu: sudo apt-get install chromium   (gives /usr/bin/chromium)',
  "  - Playwright's own build: npx playwright install chromium",
  '  - or point CHROMIUM_PATH at any Chromium or Chrome binary: CHROMIUM_PATH=/path/to/chrome npm run test:e2e',
].join('\n');
