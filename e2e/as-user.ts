import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import {
  distDir,
  embeddedOnly,
  freePort,
  newDataDir,
  startNode,
  stopNode,
  waitFor,
} from './consoles';

/**
 * A console whose gateway holds a non-admin user's token, for journeys that see the
 * platform as that user.
 *
 * Why two processes of its own: in embedded mode the configured PLATFORM_DEVELOPER_TOKEN *is*
 * the administrator's token (design.md: "the embedded platform accepts exactly those"), so the
 * main web server cannot be pointed at a user's token. Instead this starts the embedded platform
 * alone (`server/platform/main.ts`, a fresh DATA_DIR, a known admin token), mints a developer
 * token for the user through the platform API as that admin, and starts a second console
 * (`server/main.ts`, the same built assets) in remote mode: PLATFORM_BASE_URL is that platform and
 * PLATFORM_DEVELOPER_TOKEN the minted token. The gateway code is the one `npm start` runs; only
 * its upstream differs. Ports are free ones the OS hands out, so parallel runs do not collide.
 */
export interface UserConsole {
  /** The console acting as the user. */
  baseURL: string;
  /** Calls the platform directly as the administrator (for setting up shares). */
  asAdmin: (pathname: string, init?: { method?: string; json?: unknown }) => Promise<Response>;
  close: () => Promise<void>;
}

export async function startUserConsole(
  ownerId: number,
  /** Also an access token of the user's (kind `access`), for the workflow API under `/v1`. */
  { withAccessToken = false }: { withAccessToken?: boolean } = {},
): Promise<UserConsole> {
  const dataDir = newDataDir('platform-console-e2e-user-');
  const adminToken = `e2e-admin-${randomBytes(16).toString('hex')}`;
  const [platformPort, consolePort] = [await freePort(), await freePort()];
  const platformUrl = `http://127.0.0.1:${platformPort}`;
  const log: string[] = [];
  const children: ChildProcess[] = [];
  const close = async () => {
    for (const child of children.reverse()) await stopNode(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    children.push(
      startNode(
        ['--import', 'tsx', 'server/platform/main.ts'],
        {
          ...embeddedOnly,
          PORT: String(platformPort),
          DATA_DIR: dataDir,
          PLATFORM_DEVELOPER_TOKEN: adminToken,
        },
        log,
      ),
    );
    await waitFor(`${platformUrl}/`, children[0]!, 'the embedded platform', log);

    const asAdmin = (pathname: string, init: { method?: string; json?: unknown } = {}) =>
      fetch(`${platformUrl}${pathname}`, {
        method: init.method ?? 'GET',
        headers: {
          'X-SERVICE-Developer-Token': adminToken,
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
    const minted = await asAdmin('/api/data/v1/accesstokens', {
      method: 'POST',
      json: { name: 'e2e console', ownerId, kind: 'developer' },
    });
    if (minted.status !== 201) throw new Error(`minting a token answered ${minted.status}`);
    const { token } = (await minted.json()) as { token: string };
    let accessToken: string | undefined;
    if (withAccessToken) {
      const access = await asAdmin('/api/data/v1/accesstokens', {
        method: 'POST',
        json: { name: 'e2e workflows', ownerId, kind: 'access' },
      });
      if (access.status !== 201)
        throw new Error(`minting an access token answered ${access.status}`);
      accessToken = ((await access.json()) as { token: string }).token;
    }

    children.push(
      startNode(
        ['--import', 'tsx', 'server/main.ts'],
        {
          ...embeddedOnly,
          PORT: String(consolePort),
          CONSOLE_DIST_DIR: distDir(),
          DATA_DIR: dataDir,
          PLATFORM_BASE_URL: platformUrl,
          PLATFORM_API_URL: platformUrl,
          PLATFORM_DEVELOPER_TOKEN: token,
          ...(accessToken ? { PLATFORM_ACCESS_TOKEN: accessToken } : {}),
        },
        log,
      ),
    );
    const baseURL = `http://127.0.0.1:${consolePort}`;
    await waitFor(`${baseURL}/gateway/status`, children[1]!, 'the user’s console', log);
    return { baseURL, asAdmin, close };
  } catch (error) {
    await close();
    throw new Error(`${String(error)}\n${log.join('')}`, { cause: error });
  }
}
