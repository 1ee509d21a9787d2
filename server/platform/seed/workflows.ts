import type { WorkflowInput, WorkflowStep } from '../../../src/api/contract';
import type { Queryable } from '../store';
import { SALES_DATASET_ID } from './datasets';
import { ORDERS_COLLECTION_ID, seededRandom } from './datastores';
import { at2026, stableUuid } from './ids';
import { sampleUsers } from './people';

/** Steps of the contract's definition (issue 13): the seeded workflows run under the runner. */
type Step = WorkflowStep;

interface SampleWorkflow {
  key: string;
  name: string;
  description: string;
  version: number;
  owner: number;
  createdOn: number;
  updatedOn: number;
  trigger: Record<string, unknown>;
  inputs?: WorkflowInput[];
  steps: Step[];
  runs: RunSpec[];
}

/** A terminal run: nothing executes seeded runs, so none is left QUEUED or IN_PROGRESS. */
interface RunSpec {
  startedAt: number;
  version: number;
  status: 'COMPLETED' | 'FAILED' | 'CANCELED';
  input?: Record<string, unknown>;
  /** Default: the workflow's own trigger type. */
  trigger?: 'schedule' | 'manual';
  /** FAILED: the step that failed and why; CANCELED: the step running when the cancel came, and by whom. */
  at?: string;
  error?: string;
  canceledBy?: number;
  /** FAILED at an http step: what each attempt got back. */
  cause?: string;
  /** One failed attempt of this http step before it succeeded. */
  retried?: string;
}
type RunExtra = Pick<RunSpec, 'input' | 'trigger' | 'cause' | 'retried'>;

const completed = (startedAt: number, version: number, extra: RunExtra = {}): RunSpec => ({
  startedAt,
  version,
  status: 'COMPLETED',
  ...extra,
});
const failed = (
  startedAt: number,
  version: number,
  at: string,
  error: string,
  extra: RunExtra = {},
): RunSpec => ({
  startedAt,
  version,
  status: 'FAILED',
  at,
  error,
  ...extra,
});
const canceled = (
  startedAt: number,
  version: number,
  at: string,
  canceledBy: number,
  extra: RunExtra = {},
): RunSpec => ({
  startedAt,
  version,
  status: 'CANCELED',
  at,
  canceledBy,
  ...extra,
});
const refund = (
  orderNumber: number,
  amount: number | string,
  reason: string,
  customer: number,
) => ({
  input: { orderNumber, amount, reason, customerEmail: `customer${customer}@example.com` },
});
const week = (weekStart: string) => ({ input: { weekStart, dataset: SALES_DATASET_ID } });
const ticket = (ticketId: string, priority: string, summary: string) => ({
  input: { ticketId, priority, summary },
});

const ordersSync: SampleWorkflow = {
  key: 'orders-sync',
  name: 'Nightly orders sync',
  description:
    'Copies closed orders into the Orders dataset every night and tells data engineering.',
  version: 3,
  owner: 1,
  createdOn: at2026(2, 2, 615),
  updatedOn: at2026(8, 20, 840),
  trigger: { type: 'schedule', cron: '0 2 * * *', timezone: 'UTC' },
  steps: [
    {
      id: 'fetch-orders',
      type: 'documents.query',
      name: 'Fetch closed orders',
      collectionId: ORDERS_COLLECTION_ID,
      filter: { 'content.status': { $ne: 'open' } },
      limit: 1000,
    },
    {
      id: 'normalize',
      type: 'transform',
      name: 'Normalise order rows',
      from: 'fetch-orders',
      select: ['orderNumber', 'region', 'product', 'quantity', 'unitPrice', 'status', 'orderDate'],
      require: ['orderNumber', 'unitPrice'],
    },
    {
      id: 'sync-dataset',
      type: 'export',
      name: 'Export the Sales dataset',
      datasetId: SALES_DATASET_ID,
      bucket: 'nightly-orders',
    },
    { id: 'wait-for-sync', type: 'wait', name: 'Let the sync finish', seconds: 60 },
    {
      id: 'notify-data-team',
      type: 'notify',
      name: 'Tell data engineering',
      channel: 'email',
      to: 'data-engineering@example.com',
      message: 'Orders synced: ${steps.normalize.output.count} rows.',
    },
  ],
  runs: [
    failed(
      at2026(8, 18, 120),
      2,
      'normalize',
      "Step normalize failed: column 'unitPrice' is missing in 3 records (first: document 10231)",
    ),
    completed(at2026(8, 19, 120), 2),
    completed(at2026(11, 14, 120), 3),
    completed(at2026(11, 15, 120), 3),
    failed(
      at2026(11, 16, 120),
      3,
      'sync-dataset',
      'Step sync-dataset failed: export of dataset Sales failed: the bucket nightly-orders could not be written (disk full)',
    ),
    completed(at2026(11, 16, 545), 3, {
      trigger: 'manual',
      input: { reason: 'rerun after locked sync' },
    }),
    completed(at2026(11, 17, 120), 3),
    canceled(at2026(11, 18, 120), 3, 'wait-for-sync', 1),
  ],
};

const refundApproval: SampleWorkflow = {
  key: 'refund-approval',
  name: 'Refund approval',
  description:
    'Checks a refund request against the order, waits for approval above the agent limit, then issues it.',
  version: 2,
  owner: 2,
  createdOn: at2026(4, 9, 600),
  updatedOn: at2026(9, 30, 1000),
  trigger: { type: 'manual' },
  inputs: [
    { name: 'orderNumber', type: 'number', required: true, description: 'The order to refund' },
    { name: 'amount', type: 'number', required: true, description: 'Amount to refund' },
    { name: 'reason', type: 'string', required: true },
    { name: 'customerEmail', type: 'string', required: true },
  ],
  steps: [
    {
      id: 'validate-request',
      type: 'transform',
      name: 'Validate the request',
      require: ['orderNumber', 'amount', 'reason'],
    },
    {
      id: 'lookup-order',
      type: 'documents.query',
      name: 'Look up the order',
      collectionId: ORDERS_COLLECTION_ID,
      filter: { 'content.orderNumber': '${input.orderNumber}' },
      limit: 1,
    },
    { id: 'wait-for-approval', type: 'wait', name: 'Wait for a billing specialist', seconds: 3600 },
    {
      id: 'issue-refund',
      type: 'http',
      name: 'Issue the refund',
      method: 'POST',
      url: 'https://payments.example.com/v1/refunds',
      body: { orderNumber: '${input.orderNumber}', amount: '${input.amount}' },
      retries: 3,
    },
    {
      id: 'notify-customer',
      type: 'notify',
      name: 'Confirm to the customer',
      channel: 'email',
      to: '${input.customerEmail}',
      message: 'Your refund of ${input.amount} is on its way.',
    },
  ],
  runs: [
    completed(at2026(10, 6, 590), 1, refund(10042, 149.5, 'damaged on arrival', 12)),
    failed(
      at2026(10, 21, 835),
      2,
      'validate-request',
      "Step validate-request failed: input.amount must be a number, got '12,00'",
      refund(10087, '12,00', 'late delivery', 31),
    ),
    completed(at2026(10, 21, 850), 2, refund(10087, 12, 'late delivery', 31)),
    failed(
      at2026(11, 3, 660),
      2,
      'issue-refund',
      'Step issue-refund failed: 502 Bad Gateway from payments.example.com after 3 attempts',
      { ...refund(10230, 820, 'wrong item', 7), cause: '502 Bad Gateway' },
    ),
    canceled(
      at2026(11, 12, 900),
      2,
      'wait-for-approval',
      2,
      refund(10311, 64.99, 'duplicate charge', 5),
    ),
    completed(at2026(11, 19, 610), 2, {
      ...refund(10355, 230, 'not as described', 44),
      retried: 'issue-refund',
    }),
  ],
};

const kpiDigest: SampleWorkflow = {
  key: 'kpi-digest',
  name: 'Weekly KPI digest',
  description:
    'Every Monday, summarises last week’s sales KPIs with the text-generation model and mails the leads.',
  version: 1,
  owner: 5,
  createdOn: at2026(9, 28, 480),
  updatedOn: at2026(9, 28, 480),
  trigger: { type: 'schedule', cron: '0 7 * * MON', timezone: 'Europe/Berlin' },
  inputs: [
    {
      name: 'weekStart',
      type: 'string',
      required: true,
      description: 'First day of the week, YYYY-MM-DD',
    },
    { name: 'dataset', type: 'string', default: SALES_DATASET_ID },
  ],
  steps: [
    {
      id: 'query-kpis',
      type: 'documents.query',
      name: 'Read last week’s orders',
      collectionId: ORDERS_COLLECTION_ID,
      filter: { 'content.orderDate': { $gte: '${input.weekStart}' } },
      orderby: 'content.region ascending',
      limit: 200,
    },
    {
      id: 'format-table',
      type: 'transform',
      name: 'Format the KPI table',
      from: 'query-kpis',
      select: ['region', 'product', 'quantity'],
    },
    {
      id: 'summarize',
      type: 'generate',
      name: 'Write the summary',
      model: 'local.template-echo',
      promptTemplate:
        'Summarise the sales of the week from ${week} for the regional leads (${count} orders).',
      parameters: { week: '${input.weekStart}', count: '${steps.format-table.output.count}' },
    },
    {
      id: 'mail-leads',
      type: 'notify',
      name: 'Mail the regional leads',
      channel: 'email',
      to: 'sales-leads@example.com',
      subject: 'Weekly KPI digest from ${input.weekStart}',
      message: '${steps.summarize.output.output}',
    },
  ],
  runs: [
    completed(at2026(10, 26, 360), 1, week('2026-10-19')),
    failed(
      at2026(11, 2, 360),
      1,
      'summarize',
      "Step summarize failed: model 'gpt-large' is not configured for text generation",
      week('2026-10-26'),
    ),
    completed(at2026(11, 9, 360), 1, week('2026-11-02')),
    completed(at2026(11, 16, 360), 1, week('2026-11-09')),
  ],
};

const supportEscalation: SampleWorkflow = {
  key: 'support-escalation',
  name: 'Support escalation',
  description:
    'Pages the on-call engineer for P1 tickets and escalates to tier 3 when nobody acknowledges.',
  version: 2,
  owner: 4,
  createdOn: at2026(5, 14, 700),
  updatedOn: at2026(7, 2, 560),
  trigger: { type: 'manual' },
  inputs: [
    { name: 'ticketId', type: 'string', required: true },
    { name: 'priority', type: 'string', required: true, description: 'P1, P2 or P3' },
    { name: 'summary', type: 'string' },
  ],
  steps: [
    {
      id: 'classify-ticket',
      type: 'transform',
      name: 'Classify the ticket',
      require: ['ticketId', 'priority'],
      set: { severity: '${input.priority}' },
    },
    {
      id: 'page-on-call',
      type: 'notify',
      name: 'Page the on-call engineer',
      channel: 'pager',
      to: 'support-primary',
      message: '${input.ticketId}: ${input.summary}',
    },
    { id: 'wait-for-ack', type: 'wait', name: 'Wait for an acknowledgement', seconds: 900 },
    {
      id: 'escalate-tier3',
      type: 'http',
      name: 'Open a tier-3 escalation',
      method: 'POST',
      url: 'https://tracker.example.com/api/escalations',
      body: { ticket: '${input.ticketId}', severity: '${steps.classify-ticket.output.severity}' },
      retries: 2,
    },
    {
      id: 'post-status',
      type: 'notify',
      name: 'Post in the incidents channel',
      channel: 'chat',
      to: '#incidents',
      message: 'Escalated ${input.ticketId} to tier 3.',
    },
  ],
  runs: [
    completed(at2026(6, 30, 1310), 1, ticket('T-1003', 'P1', 'Uploads fail for all users in EU')),
    completed(
      at2026(9, 8, 200),
      2,
      ticket('T-1009', 'P1', 'Customer sees another tenant’s invoices'),
    ),
    canceled(
      at2026(10, 14, 980),
      2,
      'wait-for-ack',
      4,
      ticket('T-1012', 'P2', 'Widget pairing fails after firmware 4.2'),
    ),
    failed(
      at2026(10, 29, 75),
      2,
      'escalate-tier3',
      'Step escalate-tier3 failed: no answer from tracker.example.com within 30 s (2 attempts)',
      {
        ...ticket('T-1017', 'P1', 'Checkout returns 500 for card payments'),
        cause: 'no answer within 30 s',
      },
    ),
    completed(at2026(11, 11, 1150), 2, {
      ...ticket('T-1021', 'P1', 'Password reset emails delayed by 40 minutes'),
      retried: 'escalate-tier3',
    }),
    completed(
      at2026(11, 20, 430),
      2,
      ticket('T-1024', 'P2', 'Gadget batch uploads booked to wrong warehouse'),
    ),
  ],
};

export const SAMPLE_WORKFLOWS = [ordersSync, refundApproval, kpiDigest, supportEscalation].map(
  (w) => ({
    ...w,
    id: stableUuid(`workflow:${w.key}`),
  }),
);

interface LogEntry {
  runId: string;
  seq: number;
  at: number;
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  step: string;
  message: string;
}

const userName = (id: number) => sampleUsers.find((u) => u.id === id)?.displayName ?? `user ${id}`;

/**
 * The log an engine would have written for `run`: run-level lines are attached to the step that
 * was current (the first at the start, the last reached at the end), as the table has no run-level step.
 */
function runLog(
  workflow: SampleWorkflow,
  run: RunSpec & Required<Pick<RunSpec, 'input' | 'trigger'>>,
  runId: string,
  rnd: () => number,
) {
  const entries: LogEntry[] = [];
  let clock = run.startedAt;
  const log = (
    level: LogEntry['level'],
    step: string,
    message: string,
    afterMs = 5 + Math.floor(rnd() * 40),
  ) => {
    clock += afterMs;
    entries.push({ runId, seq: entries.length + 1, at: clock, level, step, message });
  };
  const first = workflow.steps[0]!.id;
  log('INFO', first, `Run started (workflow version ${run.version}, ${run.trigger} trigger)`, 0);
  log('DEBUG', first, `Input: ${JSON.stringify(run.input)}`);
  const records = 120 + Math.floor(rnd() * 300);
  for (const step of workflow.steps) {
    const stepStart = clock;
    log('INFO', step.id, `Step ${step.id} started (${step.type}: ${step.name})`);
    const stopsHere = run.at === step.id;
    if (stopsHere && run.status === 'CANCELED') {
      // Seeded runs are canceled while they wait: the cancel lands before the wait would have ended.
      const waited =
        step.type === 'wait' ? 1000 + Math.floor(rnd() * (step.seconds - 2) * 1000) : 1000;
      if (step.type === 'wait') log('INFO', step.id, `Waiting ${step.seconds} s`);
      log(
        'WARN',
        step.id,
        `Cancel requested by ${userName(run.canceledBy ?? workflow.owner)}`,
        waited,
      );
      log('INFO', step.id, `Step ${step.id} interrupted`);
      log('INFO', step.id, `Run canceled after ${((clock - run.startedAt) / 1000).toFixed(1)} s`);
      return entries;
    }
    if (stopsHere && run.status === 'FAILED') {
      if (step.type === 'http') {
        for (let attempt = 1; attempt < (step.retries ?? 1); attempt++)
          log(
            'WARN',
            step.id,
            `Attempt ${attempt} of ${step.retries} failed: ${run.cause}; retrying in ${2 ** attempt} s`,
            1000 * 2 ** attempt,
          );
      }
      log('ERROR', step.id, run.error ?? `Step ${step.id} failed`);
      log(
        'ERROR',
        step.id,
        `Run failed at step ${step.id} after ${((clock - run.startedAt) / 1000).toFixed(1)} s`,
      );
      return entries;
    }
    switch (step.type) {
      case 'http': {
        const target = step.url.split('?')[0];
        log('DEBUG', step.id, `${step.method} ${target}`);
        if (run.retried === step.id) {
          log(
            'WARN',
            step.id,
            `Attempt 1 of ${(step.retries ?? 0) + 1} failed: 503 Service Unavailable; retrying in 0.5 s`,
            300 + Math.floor(rnd() * 400),
          );
          log('DEBUG', step.id, `${step.method} ${target} (attempt 2)`, 500);
        }
        const ms = 40 + Math.floor(rnd() * 900);
        log('INFO', step.id, `${step.method} ${target} answered 200 in ${ms} ms`, ms);
        break;
      }
      case 'documents.query':
        log(
          'INFO',
          step.id,
          `Found ${step.limit === 1 ? 1 : records} documents in collection ${step.collectionId}`,
          20 + Math.floor(rnd() * 200),
        );
        break;
      case 'export':
        log('INFO', step.id, `Export of dataset ${step.datasetId} started`);
        log('INFO', step.id, `Export finished: ${records} rows`, 800 + Math.floor(rnd() * 2000));
        break;
      case 'generate':
        log(
          'INFO',
          step.id,
          `Generated ${30 + Math.floor(rnd() * 40)} tokens with ${step.model ?? 'local.template-echo'}`,
          50 + Math.floor(rnd() * 200),
        );
        break;
      case 'transform':
        if (step.require)
          log('DEBUG', step.id, `Checked required fields: ${step.require.join(', ')}`);
        if (step.from) {
          log(
            'INFO',
            step.id,
            `Transformed ${records} records from ${step.from}`,
            20 + Math.floor(rnd() * 200),
          );
        }
        break;
      case 'wait':
        log('INFO', step.id, `Waiting ${step.seconds} s`);
        log('DEBUG', step.id, `Waited ${step.seconds} s`, step.seconds * 1000);
        break;
      case 'notify':
        log(
          'INFO',
          step.id,
          `Sent ${step.channel ?? 'email'} notification to ${step.to.replace(/\$\{input\.(\w+)\}/g, (_, key: string) => String(run.input[key]))}`,
        );
        break;
      default:
        break;
    }
    log('INFO', step.id, `Step ${step.id} completed in ${clock - stepStart} ms`);
  }
  log(
    'INFO',
    workflow.steps.at(-1)!.id,
    `Run completed in ${((clock - run.startedAt) / 1000).toFixed(1)} s`,
  );
  return entries;
}

/** Each step's state as the runner keeps it, read off the run's log. */
function stepStates(workflow: SampleWorkflow, run: RunSpec, logs: LogEntry[]) {
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const stop = run.at === undefined ? -1 : workflow.steps.findIndex((s) => s.id === run.at);
  return workflow.steps.map((step, i) => {
    const own = logs.filter((l) => l.step === step.id && !l.message.startsWith('Run '));
    const reached = stop === -1 || i <= stop;
    const status = !reached
      ? 'SKIPPED'
      : i === stop
        ? run.status === 'FAILED'
          ? 'FAILED'
          : 'CANCELED'
        : 'COMPLETED';
    return {
      id: step.id,
      name: step.name,
      type: step.type,
      status,
      startedAt: reached ? iso(own.find((l) => l.message.startsWith('Step '))?.at) : null,
      finishedAt: reached ? iso(own.at(-1)?.at) : null,
      error: status === 'FAILED' ? (run.error ?? null) : null,
    };
  });
}

export function sampleWorkflowRuns() {
  const rnd = seededRandom(413);
  return SAMPLE_WORKFLOWS.flatMap((workflow) =>
    workflow.runs.map((spec, i) => {
      const id = stableUuid(`workflow-run:${workflow.key}:${i}`);
      const trigger =
        spec.trigger ?? (workflow.trigger.type === 'schedule' ? 'schedule' : 'manual');
      const run = { ...spec, input: spec.input ?? {}, trigger };
      const logs = runLog(workflow, run, id, rnd);
      return {
        id,
        workflowId: workflow.id,
        version: run.version,
        status: run.status,
        input: run.input,
        startedAt: run.startedAt,
        finishedAt: logs.at(-1)!.at,
        error: run.status === 'FAILED' ? (run.error ?? null) : null,
        steps: stepStates(workflow, run, logs),
        logs,
      };
    }),
  );
}

export async function seedWorkflows(tx: Queryable) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const workflows = SAMPLE_WORKFLOWS;
  await tx.query(
    `INSERT INTO workflows (id, name, description, version, definition, owner, created_on, updated_on)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::jsonb[], $6::int[],
       $7::timestamptz[], $8::timestamptz[])`,
    [
      workflows.map((w) => w.id),
      workflows.map((w) => w.name),
      workflows.map((w) => w.description),
      workflows.map((w) => w.version),
      workflows.map((w) =>
        JSON.stringify({
          trigger: w.trigger,
          ...(w.inputs ? { inputs: w.inputs } : {}),
          steps: w.steps,
        }),
      ),
      workflows.map((w) => w.owner),
      workflows.map((w) => iso(w.createdOn)),
      workflows.map((w) => iso(w.updatedOn)),
    ],
  );
  const runs = sampleWorkflowRuns();
  await tx.query(
    `INSERT INTO workflow_runs (id, workflow_id, version, status, input, started_at, finished_at, error,
       steps, next_step, log_seq, definition)
     SELECT x.*, w.definition FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::jsonb[],
       $6::timestamptz[], $7::timestamptz[], $8::text[], $9::jsonb[], $10::int[], $11::int[])
       AS x(id, workflow_id, version, status, input, started_at, finished_at, error, steps, next_step, log_seq)
     JOIN workflows w ON w.id = x.workflow_id`,
    [
      runs.map((r) => r.id),
      runs.map((r) => r.workflowId),
      runs.map((r) => r.version),
      runs.map((r) => r.status),
      runs.map((r) => JSON.stringify(r.input)),
      runs.map((r) => iso(r.startedAt)),
      runs.map((r) => iso(r.finishedAt)),
      runs.map((r) => r.error),
      runs.map((r) => JSON.stringify(r.steps)),
      runs.map((r) => r.steps.filter((s) => s.status === 'COMPLETED').length),
      runs.map((r) => r.logs.length),
    ],
  );
  const logs = runs.flatMap((r) => r.logs);
  await tx.query(
    `INSERT INTO workflow_run_logs (run_id, seq, at, level, step, message)
     SELECT * FROM unnest($1::text[], $2::int[], $3::timestamptz[], $4::text[], $5::text[], $6::text[])`,
    [
      logs.map((l) => l.runId),
      logs.map((l) => l.seq),
      logs.map((l) => iso(l.at)),
      logs.map((l) => l.level),
      logs.map((l) => l.step),
      logs.map((l) => l.message),
    ],
  );
}
