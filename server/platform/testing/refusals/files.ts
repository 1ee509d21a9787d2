import { Readable } from 'node:stream';
import { SALES_DATASET_ID } from '../../seed/datasets';
import { SAMPLE_FILESETS } from '../../seed/filesets';
import type { UploadBody } from '../../files/upload-stream';
import { refusalTable } from './table';

// Data files: the sample data file is Ada's; Dev (Participant) is not its responsible user, so it
// is not found for him. Filesets: every user reads every fileset; Product manuals is Chloe's, so
// Dev may not upload to it nor delete from it. Calculated fields: every user reads every field;
// "Revenue per unit" is Ada's and links Sales by region, on which Dev has no level at all.
interface Fixtures {
  dataFileId: string;
  manualsFileId: string;
  revenuePerUnit: string;
  salesCard: string;
}

const manuals = SAMPLE_FILESETS.find((f) => f.name === 'Product manuals')!;

const csvBody = (): UploadBody => ({
  declaredLength: NaN,
  contentType: 'text/csv',
  open: () => Readable.from([Buffer.from('city\nLyon\n')]),
});

const dataFileRefusal = { status: 404, message: /No data file \d+/ } as const;
const manualsNeeds = (words: string) =>
  ({
    status: 403,
    message: new RegExp(
      `You need to own fileset Product manuals or have the Admin role to ${words} it`,
    ),
  }) as const;
const readsEveryField = 'every user reads every calculated field (gaps.md)';
const readsEveryFileset = 'every user reads every fileset and its files';

export default refusalTable<Fixtures>({
  async setup(platform) {
    const one = async <T>(sql: string, params: unknown[] = []) =>
      (await platform.db.query<{ id: T }>(sql, params))[0]!.id;
    return {
      dataFileId: String(
        await one<number>('SELECT id FROM data_files WHERE responsible_user_id = 1 ORDER BY id'),
      ),
      manualsFileId: await one<string>(
        'SELECT id FROM fileset_files WHERE fileset_id = $1 ORDER BY path',
        [manuals.id],
      ),
      revenuePerUnit: String(
        await one<number>('SELECT id FROM calculated_fields WHERE name = $1', ['Revenue per unit']),
      ),
      salesCard: await one<string>('SELECT id FROM cards WHERE dataset_id = $1 ORDER BY id', [
        SALES_DATASET_ID,
      ]),
    };
  },
  rows: [
    {
      op: 'dataFiles.open',
      as: 'dev',
      call: (s, a, f) => s.dataFiles.open(a, f.dataFileId, 'read'),
      refused: dataFileRefusal,
    },
    {
      op: 'dataFiles.upload',
      as: 'dev',
      call: (s, a) => s.dataFiles.upload(a, { name: 'refusals.csv' }, csvBody()),
      refused: { open: 'every user may upload a data file of their own' },
    },
    {
      op: 'dataFiles.revise',
      as: 'dev',
      call: (s, a, f) => s.dataFiles.revise(a, f.dataFileId, csvBody()),
      refused: dataFileRefusal,
    },
    {
      op: 'dataFiles.details',
      as: 'dev',
      call: (s, a, f) => s.dataFiles.details(a, f.dataFileId, true),
      refused: dataFileRefusal,
    },
    {
      op: 'dataFiles.list',
      as: 'dev',
      call: (s, a) => s.dataFiles.list(a, { limit: 500, withRevisions: false }),
      refused: {
        why: 'a list holds only the data files the user is responsible for',
        leavesOut: (answer, f) =>
          !(answer as Array<{ file: { id: number } }>).some(
            ({ file }) => String(file.id) === f.dataFileId,
          ),
      },
    },
    {
      op: 'dataFiles.download',
      as: 'dev',
      call: (s, a, f) => s.dataFiles.download(a, f.dataFileId),
      refused: dataFileRefusal,
    },
    {
      op: 'dataFiles.contents',
      as: 'eve',
      call: (s, a, f) => s.dataFiles.contents(a, f.dataFileId),
      refused: dataFileRefusal,
    },
    {
      op: 'dataFiles.preview',
      as: 'dev',
      call: (s, a, f) => s.dataFiles.preview(a, f.dataFileId, '1'),
      refused: dataFileRefusal,
    },
    {
      op: 'dataFiles.deleteRevision',
      as: 'chloe',
      call: (s, a, f) => s.dataFiles.deleteRevision(a, f.dataFileId, '1'),
      refused: dataFileRefusal,
    },
    {
      op: 'dataFiles.permissions',
      as: 'dev',
      call: (s, a, f) => s.dataFiles.permissions(a, f.dataFileId),
      refused: dataFileRefusal,
    },
    {
      op: 'dataFiles.access',
      as: 'ben',
      call: (s, a, f) => s.dataFiles.access(a, f.dataFileId),
      refused: dataFileRefusal,
    },
    {
      op: 'filesets.open',
      as: 'dev',
      call: (s, a) => s.filesets.open(a, manuals.id, 'deleteFile'),
      refused: manualsNeeds('delete files from'),
    },
    {
      op: 'filesets.search',
      as: 'dev',
      call: (s, a) => s.filesets.search(a, {}, {}),
      refused: { open: readsEveryFileset },
    },
    {
      op: 'filesets.get',
      as: 'dev',
      call: (s, a) => s.filesets.get(a, manuals.id),
      refused: { open: readsEveryFileset },
    },
    {
      op: 'filesets.files',
      as: 'dev',
      call: (s, a) => s.filesets.files(a, manuals.id, {}),
      refused: { open: readsEveryFileset },
    },
    {
      op: 'filesets.upload',
      as: 'dev',
      call: (s, a) =>
        s.filesets.upload(a, manuals.id, () => Promise.reject(new Error('the body was read'))),
      refused: manualsNeeds('upload files to'),
    },
    {
      op: 'filesets.download',
      as: 'dev',
      call: (s, a, f) => s.filesets.download(a, manuals.id, f.manualsFileId),
      refused: { open: readsEveryFileset },
    },
    {
      op: 'filesets.deleteFile',
      as: 'eve',
      call: (s, a, f) => s.filesets.deleteFile(a, manuals.id, f.manualsFileId),
      refused: manualsNeeds('delete files from'),
    },
    {
      op: 'filesets.query',
      as: 'dev',
      call: (s, a) => s.filesets.query(a, manuals.id, { query: 'warranty' }),
      refused: { open: readsEveryFileset },
    },
    {
      op: 'filesets.access',
      as: 'dev',
      call: (s, a) => s.filesets.access(a, manuals.id),
      refused: { open: 'every user may ask what they may do with a fileset they read' },
    },
    {
      op: 'calculatedFields.search',
      as: 'dev',
      call: (s, a) =>
        s.calculatedFields.search(a, {
          filters: [],
          sort: { field: 'name', ascending: true },
          limit: 10,
          offset: 0,
        }),
      refused: { open: readsEveryField },
    },
    {
      op: 'calculatedFields.statistics',
      as: 'dev',
      call: (s, a) => s.calculatedFields.statistics(a),
      refused: { open: readsEveryField },
    },
    {
      op: 'calculatedFields.get',
      as: 'dev',
      call: (s, a, f) => s.calculatedFields.get(a, f.revenuePerUnit),
      refused: { open: readsEveryField },
    },
    {
      op: 'calculatedFields.change',
      as: 'dev',
      call: (s, a, f) => s.calculatedFields.change(a, f.revenuePerUnit, { locked: true }),
      refused: {
        status: 403,
        message:
          /Calculated field "Revenue per unit" may be changed only by the owner of the field, an owner or co-owner of a dataset it links, or an Admin/,
      },
    },
    {
      op: 'calculatedFields.cards',
      as: 'dev',
      call: (s, a, f) => s.calculatedFields.cards(a, [f.salesCard]),
      refused: {
        why: 'a card of a dataset the user may not read is left out, as an unknown one is',
        leavesOut: (answer, f) =>
          !(answer as Array<{ urn: string }>).some((card) => card.urn === f.salesCard),
      },
    },
    {
      op: 'calculatedFields.access',
      as: 'dev',
      call: (s, a, f) => s.calculatedFields.access(a, f.revenuePerUnit),
      refused: { open: readsEveryField },
    },
    {
      op: 'calculatedFields.accessOf',
      as: 'dev',
      call: (s, a, f) => s.calculatedFields.accessOf(a, [Number(f.revenuePerUnit)]),
      refused: { open: readsEveryField },
    },
  ],
});
