import type { WorkflowStep, WorkflowStepType } from '../../../../src/api/contract';
import { StepFailure } from '../errors';
import { documentsCreate } from './documents-create';
import { documentsQuery } from './documents-query';
import { experimentRun } from './experiment-run';
import { exportDataset } from './export';
import { fail } from './fail';
import { generate } from './generate';
import { http } from './http';
import { notify } from './notify';
import { streamRun } from './stream-run';
import { transform } from './transform';
import type { StepContext, StepKind } from './types';
import { wait } from './wait';

export type { Log, Notification, StepContext, StepKind, StepServices, StepSettings } from './types';

/**
 * Every kind of step, by its type (docs/architecture.md). A new kind is its schema in the
 * contract (`workflowStep`), one file here and one line below; TypeScript asks for the line.
 */
export const stepKinds: { [T in WorkflowStepType]: StepKind<T> } = {
  generate,
  'experiment.run': experimentRun,
  'documents.create': documentsCreate,
  'documents.query': documentsQuery,
  export: exportDataset,
  'stream.run': streamRun,
  transform,
  wait,
  notify,
  fail,
  http,
};

/** The kind of a step; undefined for a type no kind has (a definition stored by an older version). */
export const kindOf = (type: string): StepKind | undefined =>
  Object.hasOwn(stepKinds, type) ? (stepKinds[type as WorkflowStepType] as StepKind) : undefined;

/** Runs a step by its kind, its settings checked again by the kind's schema. */
export async function executeStep(step: WorkflowStep, ctx: StepContext): Promise<unknown> {
  const kind = kindOf(step.type);
  if (!kind) throw new StepFailure(`no step type ${String(step.type)}`);
  const parsed = kind.schema.safeParse(step);
  if (!parsed.success)
    throw new StepFailure(`its settings are not valid: ${parsed.error.issues[0]?.message}`);
  return kind.execute(parsed.data, ctx);
}
