import { badRequest } from '../../core/errors';
import type { SqlParams } from './sql-params';

/** The document's own fields a query may name (gaps.md), and their columns. */
const documentColumns = {
  id: { column: 'id', type: 'text' },
  owner: { column: 'owner', type: 'integer' },
  createdOn: { column: 'created_on', type: 'timestamp' },
  updatedOn: { column: 'updated_on', type: 'timestamp' },
} as const;

export type ColumnName = keyof typeof documentColumns;
export type ColumnType = (typeof documentColumns)[ColumnName]['type'];

export type DocumentField =
  | { kind: 'content'; name: string; path: string[] }
  | { kind: 'column'; name: ColumnName; column: string; type: ColumnType };

const isColumnName = (name: string): name is ColumnName => Object.hasOwn(documentColumns, name);

/** `content.a.b` names a content field (a numeric segment indexes an array); the rest are columns. */
export function parseField(name: string): DocumentField {
  if (isColumnName(name)) return { kind: 'column', name, ...documentColumns[name] };
  if (name.startsWith('content.')) {
    const path = name.slice('content.'.length).split('.');
    if (path.some((segment) => segment === '')) throw badRequest(`bad field name ${name}`);
    return { kind: 'content', name, path };
  }
  throw badRequest(
    `unknown field ${name}: name a content field as content.${name}, or use id, owner, createdOn or updatedOn`,
  );
}

/** The field's name in aggregate rows: content fields without `content.` (gaps.md). */
export const shortName = (field: DocumentField) =>
  field.kind === 'content' ? field.path.join('.') : field.name;

/** The field's value: jsonb for content fields, the typed column otherwise. */
export const fieldSql = (field: DocumentField, params: SqlParams) =>
  field.kind === 'content' ? `content #> ${params.add(field.path)}::text[]` : field.column;
