import { actingAs } from '../../access/principal';
import type { Lease } from '../../jobs/queue';
import { casesDataset, echoBody } from '../experiments';
import { refusalTable } from './table';

// Ben's experiment over Ben's dataset: Dev (a Participant, who neither owns it nor is an Admin)
// finds neither.
const noExperiment = { status: 404, message: /No experiment/ } as const;
const noDataset = { status: 404, message: /No dataset/ } as const;

/** A lease a refused run never gets to use: it is refused before it runs anything. */
const unusedLease = {} as Lease;

export default refusalTable({
  async setup(platform) {
    const datasetId = await casesDataset(platform, {
      name: 'Ben questions (refusals)',
      owner: 2,
      columns: ['question', 'answer'],
      rows: [['q', 'q']],
    });
    const body = echoBody(datasetId);
    const created = await platform.services.experiments.create(actingAs(2), {
      ...body,
      promptName: 'draft',
      cases: { datasetId, offset: 0, limit: 10 },
      scorers: [{ type: 'exactMatch', caseSensitive: true }],
      concurrency: 1,
    });
    return { datasetId, id: created.id, db: platform.db, body };
  },
  rows: [
    {
      op: 'experiments.create',
      as: 'dev',
      call: (s, a, f) =>
        s.experiments.create(a, {
          ...f.body,
          promptName: 'draft',
          cases: { datasetId: f.datasetId, offset: 0, limit: 10 },
          scorers: [],
          concurrency: 1,
        }),
      refused: noDataset,
    },
    {
      op: 'experiments.estimate',
      as: 'dev',
      call: (s, a, f) =>
        s.experiments.estimate(a, {
          ...f.body,
          promptName: 'draft',
          cases: { datasetId: f.datasetId, offset: 0, limit: 10 },
          scorers: [],
          concurrency: 1,
        }),
      refused: noDataset,
    },
    {
      op: 'experiments.list',
      as: 'dev',
      call: (s, a) => s.experiments.list(a),
      refused: {
        why: 'a user lists their own experiments (an Admin every one)',
        leavesOut: (answer, f) => !(answer as Array<{ id: string }>).some((e) => e.id === f.id),
      },
    },
    {
      op: 'experiments.get',
      as: 'dev',
      call: (s, a, f) => s.experiments.get(a, f.id),
      refused: noExperiment,
    },
    {
      op: 'experiments.results',
      as: 'dev',
      call: (s, a, f) => s.experiments.results(a, f.id),
      refused: noExperiment,
    },
    {
      op: 'experiments.resultsCsv',
      as: 'dev',
      call: (s, a, f) => s.experiments.resultsCsv(a, f.id),
      refused: noExperiment,
    },
    {
      op: 'experiments.cancel',
      as: 'dev',
      call: (s, a, f) => s.experiments.cancel(a, f.id),
      refused: noExperiment,
    },
    {
      op: 'experiments.rerunCell',
      as: 'dev',
      call: (s, a, f) => s.experiments.rerunCell(a, f.id, 0, 0),
      refused: noExperiment,
    },
    {
      op: 'experiments.saveAsDataset',
      as: 'dev',
      call: (s, a, f) => s.experiments.saveAsDataset(a, f.id, { name: 'not his' }),
      refused: noExperiment,
    },
    {
      op: 'experiments.run',
      as: 'dev',
      call: (s, a, f) => s.experiments.run(a, f.id, unusedLease),
      refused: noExperiment,
    },
    {
      op: 'experiments.fail',
      as: 'dev',
      call: (s, a, f) => s.experiments.fail(a, f.id, 'not his to fail', f.db),
      refused: noExperiment,
    },
  ],
});
