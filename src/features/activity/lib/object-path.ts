import type { AuditEvent } from '../../../api/contract/audit';
import {
  appPath,
  calculatedFieldsPath,
  collectionPath,
  dataFilePath,
  datasetPath,
  datasetTabPath,
  exportsDashboardPath,
  filesetSearchPath,
  playgroundPath,
  securityPath,
  streamPath,
  workflowPath,
} from '../../../lib/paths';

/** Where an event's object is shown, or undefined when it has no page of its own. */
export function objectPath({ type, id, parent }: AuditEvent['object']): string | undefined {
  switch (type) {
    case 'dataset':
      return datasetPath(id);
    case 'partition':
      return parent ? datasetTabPath(parent, 'partitions') : undefined;
    case 'export':
      return parent ? datasetTabPath(parent, 'exports') : exportsDashboardPath();
    case 'stream':
      return streamPath(id);
    case 'collection':
    case 'document':
      return parent && type === 'collection' ? collectionPath(parent, id) : undefined;
    case 'calculated-field':
      return calculatedFieldsPath();
    case 'data-file':
      return dataFilePath(id);
    case 'fileset':
      return filesetSearchPath();
    case 'token':
      return securityPath('tokens');
    case 'user':
      return securityPath('users');
    case 'role':
      return securityPath('roles');
    case 'workflow':
      return workflowPath(id);
    case 'generation':
      return playgroundPath();
    case 'app':
      return appPath(id);
    default:
      return undefined;
  }
}
