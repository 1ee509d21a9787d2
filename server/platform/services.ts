import type { CertificationService } from './datasets/certification';
import type { DatasetService } from './datasets/service';
import type { SharingService } from './datasets/sharing';
import type { DocumentService } from './datastores/documents';
import type { DatastoreService } from './datastores/service';
import type { ExportService } from './exports/service';
import type { StreamService } from './streams/service';
import type { CalculatedFieldService } from './calculated-fields/service';
import type { DataFileService } from './files/service';
import type { FilesetService } from './filesets/service';
import type { AuditService } from './audit/service';
import type { ExperimentService } from './experiments/service';
import type { GenerationService } from './generation/service';
import type { AuthenticationService } from './people/authentication';
import type { ConsoleSessionService } from './people/console-sessions';
import type { SecurityService } from './people/security';
import type { PeopleService } from './people/service';
import type { AppService } from './apps/service';
import type { WorkflowService } from './workflows/service';

/**
 * Every service of the platform, built once by `composePlatform`. Routes, workflow steps, app
 * paths, live reads and job handlers are handed the services they use; none of them is handed
 * the store, a repository or the configuration.
 */
export interface Services {
  datasets: DatasetService;
  sharing: SharingService;
  certification: CertificationService;
  datastores: DatastoreService;
  documents: DocumentService;
  streams: StreamService;
  exports: ExportService;
  dataFiles: DataFileService;
  filesets: FilesetService;
  calculatedFields: CalculatedFieldService;
  authentication: AuthenticationService;
  people: PeopleService;
  security: SecurityService;
  consoleSessions: ConsoleSessionService;
  audit: AuditService;
  generation: GenerationService;
  experiments: ExperimentService;
  workflows: WorkflowService;
  apps: AppService;
}
