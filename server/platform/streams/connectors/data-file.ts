import { badRequest } from '../../core/errors';
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
  async validate(configuration, db) {
    const id = fileIdOf(configuration);
    const [found] = await db.query('SELECT 1 FROM data_files WHERE id = $1', [id]);
    if (!found) throw badRequest(`configuration.dataFileId: no data file ${id}`);
  },
  async read(configuration, db) {
    const id = fileIdOf(configuration);
    const revision = await readRevision(db, id).catch(() => {
      throw new SourceError(`Data file ${id} no longer exists or has no revision`);
    });
    return await parseCsv(decodeText(revision.body));
  },
};
