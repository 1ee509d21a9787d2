import { DATA_FILE_READERS } from '../../access/stream-sources';
import { PlatformError, badRequest } from '../../core/errors';
import { decodeText } from '../csv';
import { parseDataFileId } from '../stream-sources';
import { SourceError } from '../table';
import { sourceToRead, sourceToValidate } from './source-access';
import { configValue, type Connector } from './types';

const fileIdOf = (configuration: Parameters<Connector['read']>[0]) => {
  const raw = configValue(configuration, 'dataFileId');
  if (!raw) throw badRequest('configuration.dataFileId: required by the data-file connector');
  const id = parseDataFileId(raw);
  if (id < 0) throw badRequest(`configuration.dataFileId: expected a data file id, not "${raw}"`);
  return id;
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
  async validate(configuration, { actor, sources }) {
    const id = fileIdOf(configuration);
    sourceToValidate(await sources.dataFile(actor, id), {
      unknown: `configuration.dataFileId: no data file ${id}`,
      refused: ({ needed }) => `You need read access to data file ${id} (${needed})`,
    });
  },
  async read(configuration, { actor, sources }) {
    const id = fileIdOf(configuration);
    sourceToRead(await sources.dataFile(actor, id), {
      unknown: `Data file ${id} no longer exists, or the user who runs this stream (user ${actor.id}) may not read it: reading it needs ${DATA_FILE_READERS}`,
      refused: ({ needed }) =>
        `The user who runs this stream (user ${actor.id}) needs read access to data file ${id} (${needed})`,
    });
    const bytes = await sources.dataFileBytes(id).catch((error: unknown) => {
      // The store's reason (never where it is) when its bytes could not be read.
      if (error instanceof PlatformError && error.status !== 404)
        throw new SourceError(`Data file ${id} could not be read: ${error.message}`);
      throw new SourceError(`Data file ${id} no longer exists or has no revision`);
    });
    return { csv: decodeText(bytes) };
  },
};
