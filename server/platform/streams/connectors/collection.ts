import { badRequest } from '../../core/errors';
import type { Cell } from '../../datasets/store';
import { COLLECTION_READ_NEEDED } from '../stream-sources';
import { SourceError } from '../table';
import { sourceToRead, sourceToValidate } from './source-access';
import { configValue, type Connector } from './types';

const collectionIdOf = (configuration: Parameters<Connector['read']>[0]) => {
  const id = configValue(configuration, 'collectionId');
  if (!id) throw badRequest('configuration.collectionId: required by the document-store connector');
  return id;
};

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
  async validate(configuration, { actor, sources }) {
    const id = collectionIdOf(configuration);
    const source = sourceToValidate(await sources.collection(actor, id), {
      unknown: `configuration.collectionId: no collection ${id}`,
      refused: ({ needed, source }) =>
        `You need the ${needed} permission to read the documents of collection ${source.name}`,
    });
    if ((source.schema?.columns ?? []).length === 0)
      throw badRequest(
        `configuration.collectionId: collection ${id} has no schema columns to read`,
      );
  },
  async read(configuration, { actor, sources }) {
    const id = collectionIdOf(configuration);
    const source = sourceToRead(await sources.collection(actor, id), {
      unknown: `Collection ${id} no longer exists, or the user who runs this stream (user ${actor.id}) has no ${COLLECTION_READ_NEEDED} permission to it`,
      refused: ({ needed, source }) =>
        `The user who runs this stream (user ${actor.id}) needs the ${needed} permission to read the documents of collection ${source.name}`,
    });
    const schema = { columns: source.schema?.columns ?? [] };
    if (schema.columns.length === 0)
      throw new SourceError(`Collection ${id} has no schema columns to read`);
    // The documents the actor reads through the API: the collection's document filters apply.
    const documents = await sources.documents(actor, source);
    return {
      columns: schema.columns.map((c) => ({ name: c.name, type: c.type })),
      rows: documents.map((d) => schema.columns.map((c) => toCell(c.type, d[c.name]))),
    };
  },
};
