import type { AuditEvent } from '../../../api/contract/audit';

const at = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

/**
 * Where an event's object is shown (the routes belong to other screens; features do not import
 * each other, so the paths are written here), or undefined when it has no page of its own.
 */
export function objectPath({ type, id, parent }: AuditEvent['object']): string | undefined {
  switch (type) {
    case 'dataset':
      return at('datasets', id);
    case 'partition':
      return parent ? `${at('datasets', parent)}/partitions` : undefined;
    case 'export':
      return parent ? `${at('datasets', parent)}/exports` : '/exports';
    case 'stream':
      return at('streams', id);
    case 'collection':
    case 'document':
      return parent && type === 'collection'
        ? at('datastores', parent, 'collections', id)
        : undefined;
    case 'calculated-field':
      return '/calculated-fields';
    case 'data-file':
      return at('files', id);
    case 'fileset':
      return '/filesets';
    case 'token':
      return '/security/tokens';
    case 'user':
      return '/security/users';
    case 'role':
      return '/security/roles';
    case 'workflow':
      return at('workflows', id);
    case 'generation':
      return '/playground';
    default:
      return undefined;
  }
}
