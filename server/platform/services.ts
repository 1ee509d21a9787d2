import type { CertificationService } from './datasets/certification';
import type { DatasetService } from './datasets/service';
import type { SharingService } from './datasets/sharing';
// imports: datastores
// imports: streams and exports
// imports: files, filesets and calculated fields
// imports: people, audit and generation
// imports: workflows and apps

/**
 * Every service of the platform, built once by `composePlatform`. Routes, workflow steps, app
 * paths, live reads and job handlers are handed the services they use; none of them is handed
 * the store, a repository or the configuration.
 */
export interface Services {
  datasets: DatasetService;
  sharing: SharingService;
  certification: CertificationService;
  // services: datastores
  // services: streams and exports
  // services: files, filesets and calculated fields
  // services: people, audit and generation
  // services: workflows and apps
}
