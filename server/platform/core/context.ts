import type { GenerationConfig } from '../../config';
import type { Db } from '../store';
import type { FileStore } from '../store/files';
import type { RequestGauge } from '../store/priority';
import type { PlatformTokens } from '../types';
import type { JobQueue } from '../jobs/queue';
import type { Jobs } from './jobs';

/** What every area's routes and services are built with. */
export interface PlatformDeps {
  db: Db;
  /** The requests being answered: background work on `db` waits for them (store/priority.ts). */
  requests: RequestGauge;
  tokens: PlatformTokens;
  brand: string;
  jobs: Jobs;
  /** DATA_DIR: the PGlite files, tokens and apps of the embedded platform. */
  dataDir: string;
  /** Where file bytes go (data-file revisions, fileset files, local exports): FILE_STORE. */
  files: FileStore;
  log: (line: string) => void;
  /** Background-job intervals; tests shorten them. */
  intervals: { syncMs: number; streamSchedulerMs: number };
  /** Hosts a stream may read although they are private or loopback (STREAMS_ALLOWED_PRIVATE_HOSTS). */
  allowedPrivateHosts: ReadonlySet<string>;
  /** Text generation's models and provider (GENERATION_*). */
  generation: GenerationConfig;
  /** Durable jobs and exports; tests shorten the lease. */
  queue: JobQueue;
  /** Workflow runs one process runs at once (WORKFLOW_CONCURRENCY). */
  workflowConcurrency: number;
  /** Hosts a workflow `http` step may call (WORKFLOWS_HTTP_ALLOWED_HOSTS; default none). */
  workflowsHttpAllowedHosts: ReadonlySet<string>;
  exports: { batchRows: number; target: 'local' | 's3'; s3Endpoint?: string; drainMs: number };
  /** The largest data-file upload in bytes (MAX_UPLOAD_MB): larger is 413 before the body is read. */
  maxUploadBytes: number;
  /** How long the activity log keeps an event (AUDIT_RETENTION_DAYS). */
  audit: { retentionDays: number };
  /** The live reads one user may hold open (LIVE_READS_PER_USER); unset: the shared default. */
  liveReadsPerUser?: number;
}

export type { PlatformEnv } from './http';
