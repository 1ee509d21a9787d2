import { SAMPLE_WORKFLOWS, sampleWorkflowRuns } from '../../seed/workflows';
import { refusalTable } from './table';

// The seeded workflows: Nightly orders sync is Ada's (Admin), Refund approval Ben's (Privileged,
// who holds the Workflow API grant through his role), Weekly KPI digest Eve's and Support
// escalation Dev's (Editor and Participant: neither holds the grant).
const ownedBy = (owner: number) => SAMPLE_WORKFLOWS.find((w) => w.owner === owner)!.id;
const adas = ownedBy(1);
const eves = ownedBy(5);
const devs = ownedBy(4);
const runOf = (workflowId: string) =>
  sampleWorkflowRuns().find((r) => r.workflowId === workflowId)!.id;
const adasRun = runOf(adas);
const devsRun = runOf(devs);

const noWorkflow = { status: 404, message: new RegExp(`No workflow ${adas}`) } as const;
const noRun = { status: 404, message: new RegExp(`No workflow run ${adasRun}`) } as const;
const needsGrant = { status: 403, message: /lacks the Workflow API grant/ } as const;

const ids = (answer: unknown) => (answer as Array<{ id: string }>).map((row) => row.id);
const runsOf = (answer: unknown) =>
  (answer as { rows: Array<{ id: string; workflow_id: string }> }).rows;

export default refusalTable({
  rows: [
    {
      op: 'workflows.list',
      as: 'ben',
      call: (s, a) => s.workflows.list(a),
      refused: {
        why: 'a user sees the workflows they own (an Admin every workflow)',
        leavesOut: (answer) => !ids(answer).includes(adas),
      },
    },
    { op: 'workflows.list', as: 'chloe', call: (s, a) => s.workflows.list(a), refused: needsGrant },
    {
      op: 'workflows.create',
      as: 'chloe',
      call: (s, a) =>
        s.workflows.create(a, {
          name: 'not hers to make',
          definition: { steps: [{ id: 'w', type: 'wait', name: 'Wait', seconds: 0 }] },
        }),
      refused: needsGrant,
    },
    {
      op: 'workflows.get',
      as: 'ben',
      call: (s, a) => s.workflows.get(a, adas),
      refused: noWorkflow,
    },
    // Her own workflow: without the grant, owning it is not enough.
    {
      op: 'workflows.get',
      as: 'eve',
      call: (s, a) => s.workflows.get(a, eves),
      refused: needsGrant,
    },
    {
      op: 'workflows.permissions',
      as: 'ben',
      call: (s, a) => s.workflows.permissions(a, adas),
      refused: noWorkflow,
    },
    // Her own workflow: without the grant, owning it is not enough to read who may use it.
    {
      op: 'workflows.permissions',
      as: 'eve',
      call: (s, a) => s.workflows.permissions(a, eves),
      refused: needsGrant,
    },
    {
      op: 'workflows.update',
      as: 'ben',
      call: (s, a) => s.workflows.update(a, adas, { name: 'renamed by Ben' }),
      refused: noWorkflow,
    },
    {
      op: 'workflows.start',
      as: 'ben',
      call: (s, a) => s.workflows.start(a, adas, {}),
      refused: noWorkflow,
    },
    {
      op: 'workflows.runs',
      as: 'ben',
      call: (s, a) => s.workflows.runs(a, adas, {}),
      refused: noWorkflow,
    },
    {
      op: 'workflows.allRuns',
      as: 'ben',
      call: (s, a) => s.workflows.allRuns(a, { limit: 500 }),
      refused: {
        why: 'runs are seen with their workflow',
        leavesOut: (answer) => runsOf(answer).every((run) => run.workflow_id !== adas),
      },
    },
    { op: 'workflows.run', as: 'ben', call: (s, a) => s.workflows.run(a, adasRun), refused: noRun },
    {
      op: 'workflows.cancel',
      as: 'ben',
      call: (s, a) => s.workflows.cancel(a, adasRun),
      refused: noRun,
    },
    {
      op: 'workflows.logs',
      as: 'ben',
      call: (s, a) => s.workflows.logs(a, adasRun, {}),
      refused: noRun,
    },
    {
      op: 'workflows.live',
      as: 'ben',
      call: (s, a) => s.workflows.live(a, adasRun),
      refused: noRun,
    },
    // A run of his own workflow: without the grant, owning it is not enough.
    {
      op: 'workflows.live',
      as: 'dev',
      call: (s, a) => s.workflows.live(a, devsRun),
      refused: needsGrant,
    },
  ],
});
