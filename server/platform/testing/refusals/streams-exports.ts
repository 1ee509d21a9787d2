import { createStreamBody } from '../../../../src/api/contract';
import { actingAs } from '../../access/principal';
import type { ExportPayload } from '../../exports/service';
import type { Lease } from '../../jobs/queue';
import { SALES_DATASET_ID } from '../../seed/datasets';
import { SAMPLE_DATASTORE_ID } from '../../seed/datastores';
import { TARGETS_DATASET_ID } from '../../seed/streams';
import { streamBody } from '../streams';
import { refusalTable } from './table';

// The seeded stream loads Regional targets, Ada's dataset shared with no one: Dev (Participant,
// Support) may not see it, nor its runs. Sales by region (Ada's) is not shared with Dev either, so
// its seeded exports are not found for him. A collection Ada makes here is open to every user
// for READ only: Ben sees it but may not read its documents, so he may not stream from it.
interface Fixtures {
  streamId: string;
  executionId: string;
  salesExport: ExportPayload;
  readOnlyCollection: string;
}

const ada = actingAs(1);
const noStream = { status: 404, message: /^No stream \d+$/ } as const;
const noSales = { status: 404, message: new RegExp(`^No dataset ${SALES_DATASET_ID}$`) } as const;
const noExport = { status: 404, message: /^No export [0-9a-f-]+$/ } as const;
/** A job's lease, never reached: the operation refuses before it writes anything. */
const noLease = {} as Lease;

export default refusalTable<Fixtures>({
  async setup(platform) {
    const [stream] = await platform.services.streams.list(ada, { datasetId: TARGETS_DATASET_ID });
    const [execution] = await platform.services.streams.executions(ada, String(stream!.id), {});
    const [sales] = await platform.services.exports.history(ada, SALES_DATASET_ID, 1);
    const made = await platform.api(`/api/datastores/v1/${SAMPLE_DATASTORE_ID}/collections`, {
      method: 'POST',
      json: {
        name: 'Read only (stream refusals)',
        defaultPermissions: 'READ',
        schema: { columns: [{ name: 'n', type: 'LONG' }] },
      },
    });
    if (made.status !== 200) throw new Error(`collection: ${made.status} ${await made.text()}`);
    return {
      streamId: String(stream!.id),
      executionId: String(execution!.id),
      salesExport: {
        exportId: sales!.export_id,
        datasetId: SALES_DATASET_ID,
        columns: [],
        includeBOM: false,
        target: 'local',
        userId: 4,
      },
      readOnlyCollection: ((await made.json()) as { id: string }).id,
    };
  },
  rows: [
    {
      op: 'streams.connectors',
      as: 'dev',
      call: (s, a) => s.streams.connectors(a),
      refused: { open: 'the connectors the wizard offers are the same for every user' },
    },
    {
      op: 'streams.accounts',
      as: 'dev',
      call: (s, a) => s.streams.accounts(a),
      refused: { open: 'the accounts hold no credentials and are the same for every user' },
    },
    {
      op: 'streams.list',
      as: 'dev',
      call: (s, a) => s.streams.list(a, { limit: 500 }),
      refused: {
        why: 'a list holds only the streams of the datasets the user may see',
        leavesOut: (answer, f) =>
          !(answer as Array<{ id: number }>).some((row) => String(row.id) === f.streamId),
      },
    },
    {
      op: 'streams.create',
      as: 'ben',
      call: (s, a, f) =>
        s.streams.create(
          a,
          createStreamBody.parse(
            streamBody('document-store', { collectionId: f.readOnlyCollection }),
          ),
        ),
      refused: {
        status: 403,
        message:
          /You need the READ_CONTENT permission to read the documents of collection Read only/,
      },
    },
    {
      op: 'streams.get',
      as: 'dev',
      call: (s, a, f) => s.streams.get(a, f.streamId),
      refused: noStream,
    },
    {
      op: 'streams.executions',
      as: 'dev',
      call: (s, a, f) => s.streams.executions(a, f.streamId, {}),
      refused: noStream,
    },
    {
      op: 'streams.execution',
      as: 'dev',
      call: (s, a, f) => s.streams.execution(a, f.streamId, f.executionId),
      refused: noStream,
    },
    {
      op: 'streams.watchExecution',
      as: 'dev',
      call: (s, a, f) => s.streams.watchExecution(a, f.streamId, f.executionId),
      refused: noStream,
    },
    {
      op: 'streams.start',
      as: 'dev',
      call: (s, a, f) => s.streams.start(a, f.streamId),
      refused: noStream,
    },
    {
      op: 'streams.due',
      as: 'dev',
      call: (s) => s.streams.due(),
      refused: {
        open: "the schedule's own read, by no user: it names each due stream's owner, and each run is started as that owner",
      },
    },
    {
      op: 'streams.startScheduled',
      as: 'dev',
      call: (s, _a, f) => s.streams.startScheduled(actingAs(4), Number(f.streamId)),
      refused: noStream,
    },
    {
      op: 'streams.failRunsWithoutJob',
      as: 'dev',
      call: (s) => s.streams.failRunsWithoutJob(),
      refused: {
        open: 'ends the runs a stopped platform left without a job (from before the job table); it decides nothing',
      },
    },
    {
      op: 'streams.run',
      as: 'dev',
      call: (s, a) => s.streams.run(a, -1, noLease, 'no-job'),
      refused: {
        open: 'a run reads its source as the user its job names; one who may not read it ends the run in ERROR naming what is needed, rather than being refused',
      },
    },
    {
      op: 'streams.retryRun',
      as: 'dev',
      call: (s, a) => s.streams.retryRun(a, -1, 'no-job'),
      refused: {
        open: 'retiring what a cut-off attempt staged decides nothing: the run was decided when it started, and its next attempt reads as the user its job names',
      },
    },
    {
      op: 'streams.failRun',
      as: 'dev',
      call: (s, a) => s.streams.failRun(a, -1, 'a failed job'),
      refused: {
        open: "the end of a run's failed job decides nothing: the run was decided when it started",
      },
    },
    {
      op: 'exports.start',
      as: 'dev',
      call: (s, a) => s.exports.start(a, SALES_DATASET_ID, { bucket: 'refusals' }),
      refused: noSales,
    },
    {
      op: 'exports.history',
      as: 'dev',
      call: (s, a) => s.exports.history(a, SALES_DATASET_ID),
      refused: noSales,
    },
    {
      op: 'exports.across',
      as: 'dev',
      call: (s, a) => s.exports.across(a, { limit: 1000 }),
      refused: {
        why: 'the dashboard holds only the exports of datasets the user may read',
        leavesOut: (answer) =>
          (answer as { exports: Array<{ datasetId: string }> }).exports.every(
            (e) => e.datasetId !== SALES_DATASET_ID,
          ),
      },
    },
    {
      op: 'exports.listVersion',
      as: 'dev',
      call: (s, a) => s.exports.listVersion(a),
      refused: {
        open: 'each user follows the version of their own list, made of the exports they may read',
      },
    },
    {
      op: 'exports.details',
      as: 'dev',
      call: (s, a, f) => s.exports.details(a, f.salesExport.exportId),
      refused: noExport,
    },
    {
      op: 'exports.download',
      as: 'dev',
      call: (s, a, f) => s.exports.download(a, f.salesExport.exportId, 0),
      refused: noExport,
    },
    {
      op: 'exports.preview',
      as: 'dev',
      call: (s, a, f) => s.exports.preview(a, f.salesExport.exportId, 0),
      refused: noExport,
    },
    {
      op: 'exports.write',
      as: 'dev',
      call: (s, a, f) => s.exports.write(a, f.salesExport, noLease),
      refused: noSales,
    },
    {
      op: 'exports.fail',
      as: 'dev',
      call: (s, a, f) =>
        s.exports.fail(a, { ...f.salesExport, exportId: 'no-such-export' }, 'a failed job'),
      refused: {
        open: "the end of an export's failed job decides nothing: the export was decided when it started",
      },
    },
    {
      op: 'exports.retrying',
      as: 'dev',
      call: (s, a, f) => s.exports.retrying(a, { ...f.salesExport, exportId: 'no-such-export' }),
      refused: {
        open: 'clearing what a cut-off attempt left decides nothing: the export was decided when it started, and its next attempt writes as the user who asked',
      },
    },
  ],
});
