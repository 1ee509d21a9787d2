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

/** A field name longer, or a path deeper, than these is refused (400), whatever asks for it. */
export const MAX_FIELD_NAME_LENGTH = 1024;
export const MAX_FIELD_PATH_SEGMENTS = 100;

/** `content.a.b` names a content field (a numeric segment indexes an array); the rest are columns. */
export function parseField(name: string): DocumentField {
  if (name.length > MAX_FIELD_NAME_LENGTH)
    throw badRequest(
      `field name too long: ${name.length} characters, at most ${MAX_FIELD_NAME_LENGTH}`,
    );
  if (isColumnName(name)) return { kind: 'column', name, ...documentColumns[name] };
  if (name.startsWith('content.')) {
    const path = name.slice('content.'.length).split('.');
    if (path.some((segment) => segment === '')) throw badRequest(`bad field name ${name}`);
    if (path.length > MAX_FIELD_PATH_SEGMENTS)
      throw badRequest(
        `field path too deep: ${path.length} segments, at most ${MAX_FIELD_PATH_SEGMENTS}`,
      );
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
