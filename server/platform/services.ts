import type { CertificationService } from './datasets/certification';
import type { DatasetService } from './datasets/service';
import type { SharingService } from './datasets/sharing';

/**
 * Every service of the platform, built once by `composePlatform`. Routes, workflow steps, app
 * paths, live reads and job handlers are handed the services they use; none of them is handed
 * the store, a repository or the configuration.
 */
export interface Services {
  datasets: DatasetService;
  sharing: SharingService;
  certification: CertificationService;
}
