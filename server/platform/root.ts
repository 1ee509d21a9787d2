import type { Hono } from 'hono';
import { createPlatformApp } from './app';
import { auditContext } from './audit/context';
import type { PlatformDeps } from './core/context';
import type { PlatformEnv } from './core/http';
import { CertificationService } from './datasets/certification';
import { sweepRowSets } from './datasets/store';
import { DatasetService } from './datasets/service';
import { SharingService } from './datasets/sharing';
import { LiveReads } from './live/live-reads';
import { Principals } from './people/principals';
import type { Services } from './services';
import { DocumentService } from './datastores/documents';
import { DatastoreService } from './datastores/service';
import { SortIndexesAndStatistics } from './datastores/sort-indexes-and-statistics';
import { DOCUMENT_BATCH_SWEEP_MS, sweepDocumentBatches } from './datastores/staged-create';
import { DocumentSync } from './datastores/sync';
import { exportHandler } from './exports/job';
import { EXPORT_JOB, ExportService } from './exports/service';
import { streamRunHandler } from './streams/job';
import { STREAM_RUN_JOB } from './streams/run-job';
import { scheduleStreams } from './streams/scheduler';
import { StreamService } from './streams/service';
import { CalculatedFieldService } from './calculated-fields/service';
import { DataFileScans } from './files/scan';
import { DataFileService } from './files/service';
import { FilesetService } from './filesets/service';
import { AuditService, RETENTION_SWEEP_MS, sweepExpiredEvents } from './audit/service';
import { GenerationService } from './generation/service';
import { experimentRunHandler } from './experiments/runner';
import { EXPERIMENT_RUN_JOB, ExperimentService } from './experiments/service';
import { AuthenticationService } from './people/authentication';
import { ConsoleSessionService } from './people/console-sessions';
import { SecurityService } from './people/security';
import { PeopleService } from './people/service';
import { AppService } from './apps/service';
import { RunJournal } from './workflows/journal';
import { WORKFLOW_RUN_JOB, WorkflowRunner } from './workflows/runner';
import { WorkflowService } from './workflows/service';
import { StartGroups } from './workflows/start-group';
import { StartReads } from './workflows/start-reads';

/** How often retired and abandoned row sets are looked for (datasets/store.ts). */
const ROW_SET_SWEEP_MS = 30_000;

export interface ComposedPlatform {
  services: Services;
  app: Hono<PlatformEnv>;
}

/**
 * The composition root: builds every service from the store, the file store, the job queue and
 * the configuration, mounts the routes, and starts the background work once (its jobs end with
 * `deps.jobs.stop()`, which a clean stop of the platform waits for).
 */
export function composePlatform(deps: PlatformDeps): ComposedPlatform {
  const { db } = deps;
  const principals = new Principals(db);
  const datasets = new DatasetService(db, principals);
  const sortIndexes = new SortIndexesAndStatistics(db, deps.jobs, deps.log);
  const documentSync = new DocumentSync(db, deps.log, deps.queue.leaseSeconds, deps.queue.owner);
  const datastores = new DatastoreService(db, principals, sortIndexes, documentSync);
  const documents = new DocumentService(db, datastores, sortIndexes);
  const dataFileScans = new DataFileScans(db, deps.files, deps.jobs);
  const dataFiles = new DataFileService(
    db,
    principals,
    deps.files,
    deps.maxUploadBytes,
    dataFileScans,
  );
  // A stream reads its source through these services, as the user who runs it.
  const streams = new StreamService(
    db,
    principals,
    datasets,
    deps.queue,
    { datastores, documents, dataFiles },
    { allowedPrivateHosts: deps.allowedPrivateHosts },
    deps.log,
  );
  const exports = new ExportService(db, principals, datasets, deps.queue, deps.files, deps.exports);
  const generation = new GenerationService(db, deps.generation);
  // An experiment reads its cases through the datasets service and generates through the
  // generation service, as its user.
  const experiments = new ExperimentService(db, principals, datasets, generation, deps.queue);
  // Steps act as the run's user through the services the routes call.
  const journal = new RunJournal(deps.queue.signals);
  const runner = new WorkflowRunner(
    {
      db,
      queue: deps.queue,
      requests: deps.requests,
      concurrency: deps.workflowConcurrency,
      log: deps.log,
    },
    { documents, datastores, exports, streams, generation, experiments },
    { httpAllowedHosts: deps.workflowsHttpAllowedHosts },
    journal,
  );
  const workflows = new WorkflowService(
    db,
    principals,
    runner,
    journal,
    new StartGroups(db, deps.queue),
    new StartReads(db),
  );
  const services: Services = {
    datasets,
    sharing: new SharingService(db, principals, datasets),
    certification: new CertificationService(db, datasets),
    datastores,
    documents,
    streams,
    exports,
    dataFiles,
    filesets: new FilesetService(db, principals, deps.files),
    calculatedFields: new CalculatedFieldService(db, principals, datasets),
    authentication: new AuthenticationService(db, deps.tokens, deps.brand),
    people: new PeopleService(db),
    security: new SecurityService(db, principals),
    consoleSessions: new ConsoleSessionService(db, principals),
    audit: new AuditService(db, principals),
    generation,
    experiments,
    workflows,
    apps: new AppService(db, principals, deps.dataDir),
  };

  // Background work, started here and nowhere else.
  // The rows of sets a run replaced (after their grace) or left behind, at start and then often.
  deps.jobs.run('datasets: row set sweep at start', () => sweepRowSets(db));
  deps.jobs.every('datasets: row set sweep', ROW_SET_SWEEP_MS, () => sweepRowSets(db));
  // Syncs a process left when it stopped; then the pending syncs, and the bulk creates that
  // failed or were abandoned, at start and then often.
  deps.jobs.run('document-sync: release expired claims', () =>
    documentSync.releaseExpired(db.kind === 'pglite'),
  );
  deps.jobs.every('document-sync', deps.intervals.syncMs, () => documentSync.syncPending());
  deps.jobs.run('document batches: sweep at start', () => sweepDocumentBatches(db));
  deps.jobs.every('document batches: sweep', DOCUMENT_BATCH_SWEEP_MS, () =>
    sweepDocumentBatches(db),
  );
  // Stream runs and exports are jobs of the queue, run as the user who asked for them; the
  // scheduler starts due streams as their owners; the queue's timed drain is the fallback claim.
  deps.queue.register(STREAM_RUN_JOB, streamRunHandler(streams));
  deps.queue.register(EXPORT_JOB, exportHandler(exports));
  scheduleStreams(streams, deps);
  deps.queue.schedule(deps.exports.drainMs);
  // Uploads answer before their virus scan: what is PENDING at start, then every minute.
  dataFileScans.start();
  // The activity log keeps AUDIT_RETENTION_DAYS: older events are removed every hour.
  deps.jobs.every('audit: retention sweep', RETENTION_SWEEP_MS, () =>
    sweepExpiredEvents(db, deps.audit.retentionDays),
  );
  // Workflow runs are jobs of the queue: any process claims them, this one as it starts them.
  deps.queue.register(WORKFLOW_RUN_JOB, runner.handler());
  // Experiment runs too: any process claims them, and a stopped run resumes where it was.
  deps.queue.register(EXPERIMENT_RUN_JOB, experimentRunHandler(experiments));

  // The app gets the services and what its requests need besides: no store, no deps.
  const app = createPlatformApp(
    {
      brand: deps.brand,
      requests: deps.requests,
      log: deps.log,
      auditContext: auditContext(deps.brand, deps.tokens),
      live: new LiveReads(
        deps.queue.signals,
        services.authentication,
        deps.brand,
        deps.log,
        deps.liveReadsPerUser,
      ),
    },
    services,
  );
  return { services, app };
}
