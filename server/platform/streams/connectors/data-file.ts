import { dataFileReadAccess } from '../../access/stream-sources';
import { PlatformError, badRequest, forbidden } from '../../core/errors';
import { dataFileId, readRevision } from '../../files/repository';
import { decodeText, parseCsv } from '../csv';
import { SourceError } from '../table';
import { configValue, type Connector } from './types';

const fileIdOf = (configuration: Parameters<Connector['read']>[0]) => {
  const raw = configValue(configuration, 'dataFileId');
  if (!raw) throw badRequest('configuration.dataFileId: required by the data-file connector');
  const id = dataFileId(raw);
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
  async validate(configuration, db, actor) {
    const id = fileIdOf(configuration);
    const access = await dataFileReadAccess(db, actor, id);
    if (access.state === 'unknown')
      throw badRequest(`configuration.dataFileId: no data file ${id}`);
    if (access.state === 'refused')
      throw forbidden(`You need read access to data file ${id} (${access.needed})`);
  },
  async read(configuration, db, { actor, files }) {
    const id = fileIdOf(configuration);
    const access = await dataFileReadAccess(db, actor, id);
    if (access.state === 'unknown')
      throw new SourceError(
        `Data file ${id} no longer exists, or the user who runs this stream (user ${actor.id}) may not read it: reading it needs its responsible user or the Admin role`,
      );
    if (access.state === 'refused')
      throw new SourceError(
        `The user who runs this stream (user ${actor.id}) needs read access to data file ${id} (${access.needed})`,
      );
    const revision = await readRevision(db, files, id).catch((error: unknown) => {
      // The store's reason (never where it is) when its bytes could not be read.
      if (error instanceof PlatformError && error.status !== 404)
        throw new SourceError(`Data file ${id} could not be read: ${error.message}`);
      throw new SourceError(`Data file ${id} no longer exists or has no revision`);
    });
    return await parseCsv(decodeText(revision.body));
  },
};
