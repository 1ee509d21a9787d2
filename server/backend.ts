import type { Hono } from 'hono';
import { readConfig, type ServerConfig } from './config';
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

/** The embedded platform when PLATFORM_BASE_URL is unset, else a real instance; and the gateway in front. */
export async function startBackend(opts: StartBackendOptions): Promise<Backend> {
  const config = readConfig(opts.env);
  const port = opts.port ?? config.port ?? DEFAULT_CONSOLE_PORT;
  const upstream =
    config.baseUrl === undefined
      ? await embeddedUpstream(config, opts.log)
      : remoteUpstream({ ...config, baseUrl: config.baseUrl });

  let gateway: Hono;
  try {
    gateway = createGateway({
      baseUrl: upstream.baseUrl,
      apiUrl: upstream.apiUrl,
      tokens: upstream.tokens,
      brand: config.brand,
      mode: upstream.mode,
      allowedHosts: consoleHosts(port),
      maxUploadBytes: config.maxUploadBytes,
      log: opts.log,
    });
  } catch (error) {
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
    close: () => (closing ??= upstream.close()),
  };
}
