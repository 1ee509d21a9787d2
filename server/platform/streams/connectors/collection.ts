import { permissionNeeded } from '../../access/collections';
import { badRequest } from '../../core/errors';
import type { Cell } from '../../datasets/store';
import { SourceError } from '../table';
import { configValue, refusedAs, type Connector } from './types';

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
  async validate(configuration, { actor, services }) {
    const id = collectionIdOf(configuration);
    // The creator reads the documents through the document store, which decides (403 names the
    // permission); a collection they may not see is as unknown as a missing one.
    const { collection } = await refusedAs(
      services.datastores.open(actor, id, 'readContent'),
      (refusal) =>
        refusal.status === 404
          ? badRequest(`configuration.collectionId: no collection ${id}`)
          : refusal,
    );
    if ((collection.schema?.columns ?? []).length === 0)
      throw badRequest(
        `configuration.collectionId: collection ${id} has no schema columns to read`,
      );
  },
  async read(configuration, { actor, services }) {
    const id = collectionIdOf(configuration);
    const runner = `user who runs this stream (user ${actor.userId})`;
    // The documents the runner reads through the API: the collection's document filters apply.
    // A refusal is the document store's "You need the X permission to …", said of the runner.
    const { collection, contents } = await refusedAs(
      services.documents.contents(actor, id),
      (refusal) =>
        new SourceError(
          refusal.status === 404
            ? `Collection ${id} no longer exists, or the ${runner} has no ${permissionNeeded.readContent} permission to it`
            : refusal.message.replace(/^You need/, `The ${runner} needs`),
        ),
    );
    const schema = { columns: collection.schema?.columns ?? [] };
    if (schema.columns.length === 0)
      throw new SourceError(`Collection ${id} has no schema columns to read`);
    return {
      columns: schema.columns.map((c) => ({ name: c.name, type: c.type })),
      rows: contents.map((d) => schema.columns.map((c) => toCell(c.type, d[c.name]))),
    };
  },
};
