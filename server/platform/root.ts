import type { Hono } from 'hono';
import { createPlatformApp } from './app';
import type { PlatformDeps } from './core/context';
import type { PlatformEnv } from './core/http';
import { CertificationService } from './datasets/certification';
import { sweepRowSets } from './datasets/store';
import { DatasetService } from './datasets/service';
import { SharingService } from './datasets/sharing';
import { Principals } from './people/principals';
import type { Services } from './services';
// imports: datastores
// imports: streams and exports
// imports: files, filesets and calculated fields
// imports: people, audit and generation
// imports: workflows and apps

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
  // build: datastores
  // build: streams and exports
  // build: files, filesets and calculated fields
  // build: people, audit and generation
  // build: workflows and apps
  const services: Services = {
    datasets,
    sharing: new SharingService(db, principals, datasets),
    certification: new CertificationService(db, datasets),
    // services: datastores
    // services: streams and exports
    // services: files, filesets and calculated fields
    // services: people, audit and generation
    // services: workflows and apps
  };

  // The rows of sets a run replaced (after their grace) or left behind, at start and then often.
  deps.jobs.run('datasets: row set sweep at start', () => sweepRowSets(db));
  deps.jobs.every('datasets: row set sweep', ROW_SET_SWEEP_MS, () => sweepRowSets(db));
  // background: datastores
  // background: streams and exports
  // background: files, filesets and calculated fields
  // background: people, audit and generation
  // background: workflows and apps

  return { services, app: createPlatformApp(deps, services) };
}
