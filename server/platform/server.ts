import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ServerConfig } from '../config';
import type { PlatformDeps } from './core/context';
import { Jobs } from './core/jobs';
import { watchGrants } from './people/grant-cache';
import { JobQueue } from './jobs/queue';
import { Signals } from './jobs/signals';
import { pgliteIsNew, seedInChild, type SeedIn } from './seed/in-child';
import { isSeeded } from './seed/seeded';
import { openStore, type Db, type StoreOptions } from './store';
import { lockDataDir } from './store/lock';
import { RequestGauge } from './store/priority';
import { composePlatform } from './root';
import type { Services } from './services';
import { openFileStore } from './store/files';
import { resolveTokens } from './tokens';
import type { EmbeddedPlatform } from './types';

/** How long a stop lets in-flight answers finish before it cuts their connections. */
const STOP_DRAIN_MS = 5_000;

export interface PlatformOptions {
  config: ServerConfig;
  port?: number;
  log?: (line: string) => void;
  /** PostgreSQL only: a schema of its own. */
  schema?: string;
  seed?: boolean;
  /**
   * Where the sample data is written on a first start: `child`, a short-lived process of its own
   * before this one opens the store (what a user's start does: its growth never stays here), or
   * `process` (default), here (tests: no second process to start).
   */
  seedIn?: SeedIn;
  intervals?: Partial<PlatformDeps['intervals']>;
  /** How often queued and expired jobs are looked at (ms). */
  jobDrainMs?: number;
  /** The requests answered first (store/priority.ts); tests give one with bounds of their own. */
  requests?: RequestGauge;
}

/**
 * The store, seeded by a seed process when it is not yet (`seedIn: 'child'`). Asked cheaply: on
 * PGlite a DATA_DIR without a cluster is seeded before it is opened here; otherwise the store is
 * opened and its `seeded` key read, and only when that is missing does a seed process run (on
 * PGlite this store is closed meanwhile: one process at a time in DATA_DIR). On PostgreSQL,
 * processes starting together each run one; the seed's lock lets the first write and the others
 * find it written.
 */
async function openSeeded(store: StoreOptions, log: (line: string) => void): Promise<Db> {
  const pglite = !store.databaseUrl;
  if (pglite && pgliteIsNew(store.dataDir)) {
    // A folder in use by another platform is refused as it always was, before any seed process.
    lockDataDir(store.dataDir)();
    await seedInChild(store, log);
  }
  const db = await openStore(store);
  try {
    if (await isSeeded(db)) return db;
    if (!pglite) {
      await seedInChild(store, log);
      return db;
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  await db.close();
  await seedInChild(store, log);
  return openStore(store);
}

/** Opens the store, seeds it on first start, and serves the platform on 127.0.0.1. */
export async function startEmbeddedPlatform(
  options: PlatformOptions,
): Promise<EmbeddedPlatform & { db: Db; services: Services }> {
  const { config } = options;
  const log = options.log ?? (() => undefined);
  const requests = options.requests ?? new RequestGauge();
  const store: StoreOptions = {
    requests,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: options.schema,
    sharedBuffersMb: config.pgliteSharedBuffersMb,
  };
  const db =
    options.seed !== false && options.seedIn === 'child'
      ? await openSeeded(store, log)
      : await openStore(store);
  // Only once the store is ours: a start refused because DATA_DIR is in use writes nothing.
  let tokens;
  try {
    tokens = resolveTokens(config).tokens;
  } catch (error) {
    await db.close();
    throw error;
  }
  const files = await openFileStore(config.fileStore, config.dataDir);
  const jobs = new Jobs(log);
  let signals: Signals;
  try {
    // PostgreSQL: a LISTEN connection wakes this process when another queues work (jobs/signals.ts).
    signals = await Signals.open(config.databaseUrl, options.schema);
  } catch (error) {
    await db.close();
    throw error;
  }
  const queue = new JobQueue(db, jobs, config.jobLeaseSeconds, log, signals);
  const deps: PlatformDeps = {
    db,
    requests,
    tokens,
    brand: config.brand,
    jobs,
    dataDir: config.dataDir,
    files,
    log,
    intervals: { syncMs: config.syncIntervalMs, streamSchedulerMs: 30_000, ...options.intervals },
    allowedPrivateHosts: new Set(config.streamsAllowedPrivateHosts),
    generation: config.generation,
    queue,
    workflowConcurrency: config.workflowConcurrency,
    workflowsHttpAllowedHosts: new Set(config.workflowsHttpAllowedHosts),
    maxUploadBytes: config.maxUploadBytes,
    audit: { retentionDays: config.auditRetentionDays },
    liveReadsPerUser: config.liveReadsPerUser,
    exports: {
      batchRows: config.exportBatchRows,
      target: config.exportTarget,
      s3Endpoint: config.exportS3Endpoint,
      drainMs: options.jobDrainMs ?? 5_000,
    },
  };
  try {
    if (options.seed !== false && options.seedIn !== 'child') {
      const { seedIfEmpty } = await import('./seed');
      await seedIfEmpty(db);
    }
    await watchGrants(db, signals);
  } catch (error) {
    files.close();
    await db.close();
    throw error;
  }
  const { app, services } = composePlatform(deps);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () =>
      resolve(s),
    );
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  // Once a stop begins, every answer closes its connection: a client that keeps a keep-alive
  // connection busy would otherwise go on writing through the stop (server.close waits for it).
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing && !res.headersSent) res.setHeader('connection', 'close');
  });
  return {
    url: `http://127.0.0.1:${port}`,
    tokens,
    /** For tests (minting tokens, reading rows); closed with the platform. */
    db,
    /** For tests of the services themselves (the refusal table). */
    services,
    close: () =>
      (closing ??= (async () => {
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        const http = server as Server;
        http.closeIdleConnections();
        const cut = setTimeout(() => http.closeAllConnections(), STOP_DRAIN_MS);
        await drained;
        clearTimeout(cut);
        queue.abortAll();
        await jobs.stop();
        await signals.close();
        files.close();
        await db.close();
      })()),
  };
}
