import path from 'node:path';

/** Everything the server reads from the environment, in one place (names bound by design.md). */
export interface ServerConfig {
  port: number | undefined;
  baseUrl: string | undefined;
  apiUrl: string | undefined;
  developerToken: string | undefined;
  sessionToken: string | undefined;
  accessToken: string | undefined;
  brand: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Embedded platform: how often the background sync of the document store runs. */
  syncIntervalMs: number;
  /** Embedded platform: private or loopback hosts a stream may read (lower case). */
  streamsAllowedPrivateHosts: string[];
}

const nonEmpty = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

function seconds(value: string | undefined, fallback: number) {
  const n = Number(nonEmpty(value) ?? fallback);
  if (!Number.isFinite(n) || n < 1)
    throw new Error(`SYNC_INTERVAL_SECONDS must be a number of seconds ≥ 1, not "${value}"`);
  return n;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = nonEmpty(env.PORT);
  return {
    port: port === undefined ? undefined : Number(port),
    baseUrl: nonEmpty(env.PLATFORM_BASE_URL),
    apiUrl: nonEmpty(env.PLATFORM_API_URL),
    developerToken: nonEmpty(env.PLATFORM_DEVELOPER_TOKEN),
    sessionToken: nonEmpty(env.PLATFORM_SESSION_TOKEN),
    accessToken: nonEmpty(env.PLATFORM_ACCESS_TOKEN),
    brand: nonEmpty(env.PLATFORM_BRAND) ?? 'SERVICE',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? '.data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    syncIntervalMs: seconds(env.SYNC_INTERVAL_SECONDS, 60) * 1000,
    streamsAllowedPrivateHosts: (nonEmpty(env.STREAMS_ALLOWED_PRIVATE_HOSTS) ?? '')
      .split(',')
      .map((host) =>
        host
          .trim()
          .replace(/^\[|\]$/g, '')
          .toLowerCase(),
      )
      .filter(Boolean),
  };
}

/** Header names carry the brand in place of SERVICE (spec 5). */
export const developerTokenHeader = (brand: string) => `X-${brand}-Developer-Token`;
export const sessionTokenHeader = (brand: string) => `x-${brand.toLowerCase()}-authentication`;
