import type { AuditEvent, AuditObjectType } from '../contract/audit';

/** An event's action as a person reads it ("collection.permission-granted" → "permission granted"). */
export const actionInWords = (action: string) => {
  const verb = action.includes('.') ? action.slice(action.indexOf('.') + 1) : action;
  return verb.replace(/-/g, ' ');
};

export const objectTypeInWords: Record<AuditObjectType, string> = {
  dataset: 'Dataset',
  card: 'Card',
  partition: 'Partition',
  export: 'Export',
  stream: 'Stream',
  collection: 'Collection',
  document: 'Document',
  'calculated-field': 'Calculated field',
  'data-file': 'Data file',
  fileset: 'Fileset',
  token: 'Access token',
  user: 'User',
  role: 'Role',
  workflow: 'Workflow',
  generation: 'Text generation',
  app: 'App',
  experiment: 'Prompt experiment',
};

/** How an event's object is named: its name at the time, else its type and id. */
export const objectLabel = (object: AuditEvent['object']) =>
  object.name || `${objectTypeInWords[object.type]} ${object.id}`;
