import { DATA_FILE_READERS } from '../../access/data-files';
import { PlatformError, badRequest } from '../../core/errors';
import { SourceError } from '../table';
import { configValue, refusedAs, type Connector } from './types';

/** A data file's id is a whole number (2.7). */
const DATA_FILE_ID = /^\d{1,9}$/;

const fileIdOf = (configuration: Parameters<Connector['read']>[0]) => {
  const raw = configValue(configuration, 'dataFileId');
  if (!raw) throw badRequest('configuration.dataFileId: required by the data-file connector');
  if (!DATA_FILE_ID.test(raw))
    throw badRequest(`configuration.dataFileId: expected a data file id, not "${raw}"`);
  return Number(raw);
};

/** A CSV uploaded as a data file; each run reads the file's current revision. */
export const dataFileConnector: Connector = {
  key: 'data-file',
  name: 'Data file (CSV)',
  versions: ['1'],
  fields: [
    {
      name: 'dataFileId',
      label: 'Data file',
      required: true,
      help: 'An uploaded data file; each run reads its current revision as CSV with a header row',
    },
  ],
  async validate(configuration, { actor, services }) {
    const id = fileIdOf(configuration);
    // The files area decides: a file the creator may not read is as unknown as a missing one.
    await refusedAs(services.dataFiles.open(actor, id, 'read'), (refusal) =>
      refusal.status === 404 ? badRequest(`configuration.dataFileId: no data file ${id}`) : refusal,
    );
  },
  async read(configuration, { actor, services }) {
    const id = fileIdOf(configuration);
    const runner = `the user who runs this stream (user ${actor.userId})`;
    await refusedAs(
      services.dataFiles.open(actor, id, 'read'),
      (refusal) =>
        new SourceError(
          refusal.status === 404
            ? `Data file ${id} no longer exists, or ${runner} may not read it: reading it needs ${DATA_FILE_READERS}`
            : `${runner} may not read data file ${id}: ${refusal.message}`,
        ),
    );
    const unread = (error: unknown) => {
      if (!(error instanceof PlatformError)) throw error;
      if (error.status === 404)
        throw new SourceError(`Data file ${id} no longer exists or has no revision`);
      // The store's reason (never where it is) when its bytes could not be read.
      throw new SourceError(`Data file ${id} could not be read: ${error.message}`);
    };
    const { read } = await services.dataFiles.contents(actor, id).catch(unread);
    // Read as the run stages it: the bytes of a large file are never whole in memory.
    return { csv: () => read().then(bytesOf(unread), unread) };
  },
};

/** The chunks of `stream`, a failure midway answered by `unread`. */
const bytesOf = (unread: (error: unknown) => never) =>
  async function* (stream: AsyncIterable<Uint8Array>) {
    try {
      yield* stream;
    } catch (error) {
      unread(error);
    }
  };
