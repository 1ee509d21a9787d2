import type { WorkflowStep } from '../../../src/api/contract';
import { durationText } from '../workflows/step-record';
import { sampleDatasetName } from './datasets';
import { sampleCollectionName } from './datastores';
import { sampleUsers } from './people';

/** A sample workflow as `data/workflows/*.json` holds it (see ./workflows). */
export interface SampleWorkflow {
  owner: number;
  steps: WorkflowStep[];
}

/** A terminal run: nothing executes seeded runs, so none is left QUEUED or IN_PROGRESS. */
export interface RunSpec {
  startedAt: number;
  version: number;
  status: 'COMPLETED' | 'FAILED' | 'CANCELED';
  input: Record<string, unknown>;
  trigger: 'schedule' | 'manual';
  /** FAILED: the step that failed and why; CANCELED: the step running when the cancel came, and by whom. */
  at?: string;
  error?: string;
  canceledBy?: number;
  /** FAILED at an http step: what each attempt got back. */
  cause?: string;
  /** One failed attempt of this http step before it succeeded. */
  retried?: string;
}

export interface LogEntry {
  runId: string;
  seq: number;
  at: number;
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  step: string;
  message: string;
}

const userName = (id: number) => sampleUsers.find((u) => u.id === id)?.displayName ?? `user ${id}`;

/**
 * The log an engine would have written for `run`: run-level lines carry no step (`''`), as the
 * runner writes them.
 */
export function runLog(workflow: SampleWorkflow, run: RunSpec, runId: string, rnd: () => number) {
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
  log('INFO', '', `Run started (workflow version ${run.version}, ${run.trigger} trigger)`, 0);
  log('DEBUG', '', `Input: ${JSON.stringify(run.input)}`);
  const records = 120 + Math.floor(rnd() * 300);
  for (const step of workflow.steps) {
    log('INFO', step.id, `Step ${step.id} started (${step.type}: ${step.name})`);
    const startedAt = clock;
    const stopsHere = run.at === step.id;
    if (stopsHere && run.status === 'CANCELED') {
      // Seeded runs are canceled while they wait: the cancel lands before the wait would have ended.
      const waited =
        step.type === 'wait' ? 1000 + Math.floor(rnd() * (step.seconds - 2) * 1000) : 1000;
      if (step.type === 'wait') log('INFO', step.id, `Waiting ${step.seconds} s`);
      log('WARN', '', `Cancel requested by ${userName(run.canceledBy ?? workflow.owner)}`, waited);
      log('INFO', step.id, `Step ${step.id} interrupted`);
      log('INFO', '', `Run canceled after ${((clock - run.startedAt) / 1000).toFixed(1)} s`);
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
        '',
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
          `Found ${step.limit === 1 ? 1 : records} documents in collection ${sampleCollectionName(step.collectionId)}`,
          20 + Math.floor(rnd() * 200),
        );
        break;
      case 'export':
        log('INFO', step.id, `Export of dataset ${sampleDatasetName(step.datasetId)} started`);
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
    const gap = 5 + Math.floor(rnd() * 40);
    const took = clock + gap - startedAt;
    log('INFO', step.id, `Step ${step.id} completed in ${durationText(took)}`, gap);
  }
  log('INFO', '', `Run completed in ${((clock - run.startedAt) / 1000).toFixed(1)} s`);
  return entries;
}

/** From a step's "started" line to its "completed" line: the figure its log line gives. */
const took = (own: LogEntry[]) =>
  (own.at(-1)?.at ?? 0) - (own.find((l) => l.message.startsWith('Step '))?.at ?? 0);

/** Each step's state as the runner keeps it, read off the run's log. */
export function stepStates(workflow: SampleWorkflow, run: RunSpec, logs: LogEntry[]) {
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
      ...(status === 'COMPLETED' ? { durationMs: took(own) } : {}),
      error: status === 'FAILED' ? (run.error ?? null) : null,
    };
  });
}
