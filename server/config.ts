import path from 'node:path';
import { trustedProxies } from './gateway/client-address';
import { DEFAULT_SHARED_BUFFERS_MB } from './platform/store/pglite-protocol';

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
  /** Embedded platform: text generation (4.11). */
  generation: GenerationConfig;
  /** Durable jobs and exports: how long a process holds a job it claimed. */
  jobLeaseSeconds: number;
  /** Embedded platform: workflow runs one process runs at once (WORKFLOW_CONCURRENCY, default 100). */
  workflowConcurrency: number;
  exportBatchRows: number;
  exportTarget: 'local' | 's3';
  exportS3Endpoint: string | undefined;
  /** Embedded platform: the only hosts a workflow `http` step may call (lower case; default none). */
  workflowsHttpAllowedHosts: string[];
  /** The largest data-file upload, in bytes (MAX_UPLOAD_MB, default 512): gateway and platform. */
  maxUploadBytes: number;
  /** Embedded platform on PGlite: its shared buffers, in MiB (PGLITE_SHARED_BUFFERS_MB, default 16). */
  pgliteSharedBuffersMb: number;
  /** Embedded platform: activity-log events older than this are removed (AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays: number;
  /** Embedded platform: where file bytes are kept (FILE_STORE, default local: DATA_DIR). */
  fileStore: FileStoreConfig;
  /**
   * Embedded platform: the live reads one user may hold open at once (LIVE_READS_PER_USER, 1–200;
   * unset: 20), so that one user cannot take the process's 200.
   */
  liveReadsPerUser: number | undefined;
  /** Who may use the console (CONSOLE_AUTH and its settings): one operator, or a team signing in. */
  consoleAuth: ConsoleAuthConfig;
  /** The address `npm start` binds (CONSOLE_HOST); another than loopback only with sign-in. */
  consoleHost: string;
  /**
   * Proxies in front of the console whose `x-forwarded-for` names the client (CONSOLE_TRUSTED_PROXIES:
   * addresses and ranges, comma-separated): sign-in throttling and the activity log see each
   * person's own address behind a TLS proxy, not the proxy's.
   */
  consoleTrustedProxies: string[];
}

/** OpenID Connect (CONSOLE_AUTH=oidc): authorization code flow with PKCE. */
export interface OidcConfig {
  issuer: URL;
  clientId: string;
  /** Unset: a public client (PKCE alone). */
  clientSecret: string | undefined;
  /** The provider's name on the "Sign in with …" button (OIDC_PROVIDER_NAME; else its host). */
  providerName: string;
}

/**
 * `none`: one operator on loopback, the configured token. `platform` and `oidc`: each person
 * signs in and the gateway acts with that person's own credentials.
 */
export type ConsoleAuthConfig =
  | { mode: 'none' }
  | {
      mode: 'platform' | 'oidc';
      /** How people reach the console (CONSOLE_PUBLIC_URL): its origin is accepted, https makes the cookie `__Host-` and Secure. */
      publicUrl: URL | undefined;
      /** Sessions end after this long without a request (CONSOLE_SESSION_IDLE_MINUTES, default 60). */
      idleMinutes: number;
      /** Against a real instance: the file mapping each person's email to their tokens (CONSOLE_PEOPLE_FILE). */
      peopleFile: string | undefined;
      oidc: OidcConfig | undefined;
    };

/** FILE_STORE_S3_*: the bucket every platform process reaches; keys come from the SDK's chain. */
export interface S3FileStoreConfig {
  kind: 's3';
  bucket: string;
  /** An S3-compatible store's URL (path-style); unset = AWS. */
  endpoint: string | undefined;
  region: string;
  /** Put before every key: '' or ending in '/'. */
  prefix: string;
}
export type FileStoreConfig = { kind: 'local' } | S3FileStoreConfig;

/** Where the embedded platform's text generation goes; the key stays in the platform process. */
export interface GenerationConfig {
  /** An OpenAI-compatible chat-completions server (`.../v1`), or undefined. */
  openaiBaseUrl: string | undefined;
  openaiApiKey: string | undefined;
  /** Model names that server serves, offered as model ids. */
  openaiModels: string[];
  timeoutMs: number;
  /** The model used when a request names none; the built-in one when unset. */
  defaultModel: string | undefined;
}

const nonEmpty = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

function seconds(value: string | undefined, fallback: number, name = 'SYNC_INTERVAL_SECONDS') {
  const n = Number(nonEmpty(value) ?? fallback);
  if (!Number.isFinite(n) || n < 1)
    throw new Error(`${name} must be a number of seconds ≥ 1, not "${value}"`);
  return n;
}

const list = (value: string | undefined) =>
  (nonEmpty(value) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function httpUrl(value: string | undefined, name: string) {
  const raw = nonEmpty(value);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL, not "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function generationConfig(env: NodeJS.ProcessEnv): GenerationConfig {
  const openaiBaseUrl = httpUrl(env.GENERATION_OPENAI_BASE_URL, 'GENERATION_OPENAI_BASE_URL');
  const openaiModels = list(env.GENERATION_OPENAI_MODELS);
  if (openaiBaseUrl && openaiModels.length === 0)
    throw new Error('GENERATION_OPENAI_MODELS must name the models of GENERATION_OPENAI_BASE_URL');
  const timeout = seconds(env.GENERATION_TIMEOUT_SECONDS, 120, 'GENERATION_TIMEOUT_SECONDS');
  if (timeout > 3_600) throw new Error('GENERATION_TIMEOUT_SECONDS must be at most 3600');
  return {
    openaiBaseUrl,
    openaiApiKey: nonEmpty(env.GENERATION_OPENAI_API_KEY),
    openaiModels: openaiBaseUrl ? openaiModels : [],
    timeoutMs: timeout * 1000,
    defaultModel: nonEmpty(env.GENERATION_DEFAULT_MODEL),
  };
}

function bounded(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
) {
  const n = Number(nonEmpty(value) ?? fallback);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}

function exportTarget(value: string | undefined): 'local' | 's3' {
  const v = nonEmpty(value) ?? 'local';
  if (v !== 'local' && v !== 's3')
    throw new Error(`EXPORT_TARGET must be local or s3, not "${value}"`);
  return v;
}

function fileStoreConfig(env: NodeJS.ProcessEnv): FileStoreConfig {
  const kind = nonEmpty(env.FILE_STORE) ?? 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORE must be local or s3, not "${env.FILE_STORE}"`);
  const bucket = nonEmpty(env.FILE_STORE_S3_BUCKET);
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error('FILE_STORE_S3_BUCKET must name a bucket (3 to 63 of a-z, 0-9, ".", "-")');
  const prefix = (nonEmpty(env.FILE_STORE_S3_PREFIX) ?? '').replace(/^\/+|\/+$/g, '');
  const segments = prefix ? prefix.split('/') : [];
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (segments.some((s) => s === '' || s === '.' || s === '..') || /[\\\u0000-\u001f]/.test(prefix))
    throw new Error('FILE_STORE_S3_PREFIX must be a key prefix without "." or ".." segments');
  return {
    kind,
    bucket,
    endpoint: httpUrl(env.FILE_STORE_S3_ENDPOINT, 'FILE_STORE_S3_ENDPOINT'),
    region: nonEmpty(env.FILE_STORE_S3_REGION) ?? nonEmpty(env.AWS_REGION) ?? 'us-east-1',
    prefix: prefix ? `${prefix}/` : '',
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

function publicUrl(value: string | undefined) {
  const raw = httpUrl(value, 'CONSOLE_PUBLIC_URL');
  if (raw === undefined) return undefined;
  const url = new URL(raw);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    throw new Error(
      `CONSOLE_PUBLIC_URL must be an origin such as https://console.example.com, not "${raw}"`,
    );
  return url;
}

function oidcConfig(env: NodeJS.ProcessEnv, url: URL | undefined): OidcConfig {
  const issuer = httpUrl(env.OIDC_ISSUER, 'OIDC_ISSUER');
  const clientId = nonEmpty(env.OIDC_CLIENT_ID);
  if (!issuer || !clientId || !url)
    throw new Error(
      'CONSOLE_AUTH=oidc needs OIDC_ISSUER, OIDC_CLIENT_ID and CONSOLE_PUBLIC_URL (the provider sends people back to CONSOLE_PUBLIC_URL/gateway/oidc/callback)',
    );
  return {
    issuer: new URL(issuer),
    clientId,
    clientSecret: nonEmpty(env.OIDC_CLIENT_SECRET),
    providerName: nonEmpty(env.OIDC_PROVIDER_NAME) ?? new URL(issuer).host,
  };
}

function consoleAuthConfig(env: NodeJS.ProcessEnv): ConsoleAuthConfig {
  const mode = nonEmpty(env.CONSOLE_AUTH) ?? 'none';
  if (mode === 'none') return { mode };
  if (mode !== 'platform' && mode !== 'oidc')
    throw new Error(`CONSOLE_AUTH must be none, platform or oidc, not "${env.CONSOLE_AUTH}"`);
  const url = publicUrl(env.CONSOLE_PUBLIC_URL);
  return {
    mode,
    publicUrl: url,
    idleMinutes: bounded(
      'CONSOLE_SESSION_IDLE_MINUTES',
      env.CONSOLE_SESSION_IDLE_MINUTES,
      60,
      1,
      24 * 60,
    ),
    peopleFile: nonEmpty(env.CONSOLE_PEOPLE_FILE),
    oidc: mode === 'oidc' ? oidcConfig(env, url) : undefined,
  };
}

/** CONSOLE_TRUSTED_PROXIES, each entry checked at start (a mistyped one is named, not ignored). */
function proxyList(value: string | undefined) {
  const entries = list(value);
  trustedProxies(entries);
  return entries;
}

/** Binding anything but loopback without sign-in would hand the configured token to anyone who reaches it. */
function consoleHost(env: NodeJS.ProcessEnv, auth: ConsoleAuthConfig) {
  const host = (nonEmpty(env.CONSOLE_HOST) ?? '127.0.0.1').replace(/^\[|\]$/g, '').toLowerCase();
  if (!LOOPBACK_HOSTS.has(host) && auth.mode === 'none')
    throw new Error(
      `CONSOLE_HOST=${host} needs CONSOLE_AUTH=platform or oidc: without sign-in everyone who reaches the console acts as the configured administrator`,
    );
  return host;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = nonEmpty(env.PORT);
  const consoleAuth = consoleAuthConfig(env);
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
    streamsAllowedPrivateHosts: hostList(env.STREAMS_ALLOWED_PRIVATE_HOSTS),
    generation: generationConfig(env),
    jobLeaseSeconds: bounded('JOB_LEASE_SECONDS', env.JOB_LEASE_SECONDS, 60, 5, 3600),
    workflowConcurrency: bounded('WORKFLOW_CONCURRENCY', env.WORKFLOW_CONCURRENCY, 100, 1, 1000),
    exportBatchRows: bounded('EXPORT_BATCH_ROWS', env.EXPORT_BATCH_ROWS, 5000, 1, 100_000),
    exportTarget: exportTarget(env.EXPORT_TARGET),
    exportS3Endpoint: nonEmpty(env.EXPORT_S3_ENDPOINT),
    fileStore: fileStoreConfig(env),
    auditRetentionDays: bounded('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS, 365, 1, 36_500),
    maxUploadBytes: bounded('MAX_UPLOAD_MB', env.MAX_UPLOAD_MB, 512, 1, 65_536) * 1024 * 1024,
    pgliteSharedBuffersMb: bounded(
      'PGLITE_SHARED_BUFFERS_MB',
      env.PGLITE_SHARED_BUFFERS_MB,
      DEFAULT_SHARED_BUFFERS_MB,
      8,
      4096,
    ),
    workflowsHttpAllowedHosts: hostList(env.WORKFLOWS_HTTP_ALLOWED_HOSTS),
    liveReadsPerUser: nonEmpty(env.LIVE_READS_PER_USER)
      ? bounded('LIVE_READS_PER_USER', env.LIVE_READS_PER_USER, 20, 1, 200)
      : undefined,
    consoleAuth,
    consoleHost: consoleHost(env, consoleAuth),
    consoleTrustedProxies: proxyList(env.CONSOLE_TRUSTED_PROXIES),
  };
}

/** Header names carry the brand in place of SERVICE (spec 5). */
export const developerTokenHeader = (brand: string) => `X-${brand}-Developer-Token`;
export const sessionTokenHeader = (brand: string) => `x-${brand.toLowerCase()}-authentication`;

/** A comma-separated list of host names: trimmed, lower case, IPv6 without its brackets. */
function hostList(value: string | undefined) {
  return (nonEmpty(value) ?? '')
    .split(',')
    .map((host) =>
      host
        .trim()
        .replace(/^\[|\]$/g, '')
        .toLowerCase(),
    )
    .filter(Boolean);
}
