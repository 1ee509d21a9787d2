import type { Hono } from 'hono';
import { readConfig, type ConsoleAuthConfig, type ServerConfig } from './config';
import { OidcSignIn } from './gateway/team/oidc';
import { embeddedPeople, mappedPeople } from './gateway/team/people';
import type { SqlClient } from './gateway/team/sessions';
import { createTeam, type Team } from './gateway/team/team';
import {
  createGateway,
  gatewayMiddleware,
  type ConnectMiddleware,
  type GatewayOptions,
} from './gateway';

export interface Backend {
  gateway: Hono;
  /** The same gateway as connect middleware, for Vite's dev server. */
  middleware: ConnectMiddleware;
  mode: 'embedded' | 'remote';
  /** Where requests go, for the start-up line: "embedded platform" or the upstream host. */
  upstreamDescription: string;
  /** Closes the embedded platform (and with it its store); nothing to do in remote mode. */
  close(): Promise<void>;
}

export interface StartBackendOptions {
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** The port the console is served on (Host/Origin checks); default PORT, then 5173. */
  port?: number;
}

const DEFAULT_CONSOLE_PORT = 5173;

/** Hosts the console is reached by: it binds 127.0.0.1 only, so these two names and nothing else. */
export const consoleHosts = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`];

interface Upstream {
  mode: 'embedded' | 'remote';
  baseUrl: string;
  apiUrl: string;
  tokens: GatewayOptions['tokens'];
  /** The embedded platform's store: team mode keeps its sessions there. */
  db?: SqlClient;
  close(): Promise<void>;
}

async function embeddedUpstream(
  config: ServerConfig,
  log?: (line: string) => void,
): Promise<Upstream> {
  // Loaded only when needed: remote mode never opens a database.
  const { startEmbeddedPlatform } = await import('./platform/server');
  // The first start's seed runs in a process of its own: its memory never stays with this one.
  const platform = await startEmbeddedPlatform({ config, log, seedIn: 'child' });
  return {
    mode: 'embedded',
    baseUrl: platform.url,
    apiUrl: platform.url,
    tokens: platform.tokens,
    db: platform.db,
    close: () => platform.close(),
  };
}

function remoteUpstream(config: ServerConfig & { baseUrl: string }): Upstream {
  return {
    mode: 'remote',
    baseUrl: config.baseUrl,
    apiUrl: config.apiUrl ?? config.baseUrl,
    tokens: {
      developer: config.developerToken,
      session: config.sessionToken,
      access: config.accessToken,
    },
    close: async () => {},
  };
}

type TeamAuth = Exclude<ConsoleAuthConfig, { mode: 'none' }>;

/**
 * Team mode's parts: sessions in the embedded platform's store (or, before a real instance, a
 * store of the gateway's own: DATABASE_URL's PostgreSQL, else PGlite in DATA_DIR), and where
 * each person's own credentials come from.
 */
async function startTeam(
  auth: TeamAuth,
  config: ServerConfig,
  upstream: Upstream,
  log?: (line: string) => void,
): Promise<{ team: Team; close(): Promise<void> }> {
  let db = upstream.db;
  let close = async () => {};
  if (!db) {
    if (!auth.peopleFile)
      throw new Error(
        'CONSOLE_PEOPLE_FILE must name the file that maps each person to their tokens on the real instance',
      );
    const { openStore } = await import('./platform/store');
    const store = await openStore({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      sharedBuffersMb: config.pgliteSharedBuffersMb,
    });
    db = store;
    close = () => store.close();
  }
  const baseUrl = new URL(upstream.baseUrl);
  try {
    const people =
      upstream.mode === 'embedded'
        ? embeddedPeople({
            baseUrl,
            brand: config.brand,
            adminToken: upstream.tokens.developer ?? '',
          })
        : mappedPeople({ file: auth.peopleFile!, baseUrl });
    const team = createTeam({
      mode: auth.mode,
      db,
      people,
      idleMs: auth.idleMinutes * 60_000,
      secure: auth.publicUrl?.protocol === 'https:',
      oidc: auth.oidc && auth.publicUrl ? new OidcSignIn(auth.oidc, auth.publicUrl, db) : undefined,
      log,
    });
    return { team, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The embedded platform when PLATFORM_BASE_URL is unset, else a real instance; and the gateway in front. */
export async function startBackend(opts: StartBackendOptions): Promise<Backend> {
  const config = readConfig(opts.env);
  const port = opts.port ?? config.port ?? DEFAULT_CONSOLE_PORT;
  const upstream =
    config.baseUrl === undefined
      ? await embeddedUpstream(config, opts.log)
      : remoteUpstream({ ...config, baseUrl: config.baseUrl });

  let gateway: Hono;
  let team: Awaited<ReturnType<typeof startTeam>> | undefined;
  const auth = config.consoleAuth;
  const publicUrl = auth.mode === 'none' ? undefined : auth.publicUrl;
  try {
    if (auth.mode !== 'none') team = await startTeam(auth, config, upstream, opts.log);
    gateway = createGateway({
      baseUrl: upstream.baseUrl,
      apiUrl: upstream.apiUrl,
      tokens: upstream.tokens,
      brand: config.brand,
      mode: upstream.mode,
      allowedHosts: [
        ...consoleHosts(port),
        ...(consoleHosts(port).includes(`${config.consoleHost}:${port}`)
          ? []
          : [`${config.consoleHost}:${port}`]),
        ...(publicUrl ? [publicUrl.host] : []),
      ],
      allowedOrigins: publicUrl ? [publicUrl.origin] : [],
      maxUploadBytes: config.maxUploadBytes,
      log: opts.log,
      team: team?.team,
      trustedProxies: config.consoleTrustedProxies,
    });
  } catch (error) {
    await team?.close();
    await upstream.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    gateway,
    middleware: gatewayMiddleware(gateway, config.brand),
    mode: upstream.mode,
    upstreamDescription:
      upstream.mode === 'embedded'
        ? 'embedded platform'
        : `upstream ${new URL(upstream.baseUrl).host}`,
    close: () =>
      (closing ??= (async () => {
        await team?.close();
        await upstream.close();
      })()),
  };
}
