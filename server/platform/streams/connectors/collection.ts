import type { Cell } from '../../datasets/store';
import { badRequest } from '../../core/errors';
import { VISIBLE_DOCUMENT } from '../../datastores/documents';
import type { Queryable } from '../../store';
import { SourceError } from '../table';
import { configValue, type Connector } from './types';

interface CollectionSchema {
  columns: Array<{ name: string; type: string }>;
}

const collectionIdOf = (configuration: Parameters<Connector['read']>[0]) => {
  const id = configValue(configuration, 'collectionId');
  if (!id) throw badRequest('configuration.collectionId: required by the document-store connector');
  return id;
};

const findSchema = async (db: Queryable, id: string) =>
  (
    await db.query<{ schema: CollectionSchema }>('SELECT schema FROM collections WHERE id = $1', [
      id,
    ])
  )[0]?.schema;

/** One cell per schema column (2.1 types); a value of the wrong kind becomes null, as a sync would. */
function toCell(type: string, value: unknown): Cell {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'LONG': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isInteger(n) ? n : null;
    }
    case 'DECIMAL':
    case 'DOUBLE': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim()
            ? Number(value)
            : NaN;
      return Number.isFinite(n) ? n : null;
    }
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return JSON.stringify(value);
  }
}

/** A document-store collection: one row per document, one column per schema column (gaps.md). */
export const collectionConnector: Connector = {
  key: 'document-store',
  name: 'Document-store collection',
  versions: ['1'],
  fields: [
    {
      name: 'collectionId',
      label: 'Collection',
      required: true,
      help: "One row per document and one column per column of the collection's schema",
    },
  ],
  async validate(configuration, db) {
    const id = collectionIdOf(configuration);
    const schema = await findSchema(db, id);
    if (!schema) throw badRequest(`configuration.collectionId: no collection ${id}`);
    if (schema.columns.length === 0)
      throw badRequest(
        `configuration.collectionId: collection ${id} has no schema columns to read`,
      );
  },
  async read(configuration, db) {
    const id = collectionIdOf(configuration);
    const schema = await findSchema(db, id);
    if (!schema) throw new SourceError(`Collection ${id} no longer exists`);
    if (schema.columns.length === 0)
      throw new SourceError(`Collection ${id} has no schema columns to read`);
    const documents = await db.query<{ content: Record<string, unknown> }>(
      `SELECT content FROM documents WHERE collection_id = $1 AND ${VISIBLE_DOCUMENT}
       ORDER BY created_on, id`,
      [id],
    );
    return {
      columns: schema.columns.map((c) => ({ name: c.name, type: c.type })),
      rows: documents.map((d) => schema.columns.map((c) => toCell(c.type, d.content[c.name]))),
    };
  },
};
