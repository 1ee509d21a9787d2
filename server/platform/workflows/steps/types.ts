import type { z } from 'zod';
import type { RunLogEntry, WorkflowStep, WorkflowStepType } from '../../../../src/api/contract';
import type { PlatformDeps } from '../../core/context';
import type { DocumentService } from '../../datastores/document-service';
import type { Queryable } from '../../store';
import type { ReferenceContext } from '../references';
import type { StepState } from '../repository';

export type StepOf<T extends WorkflowStepType> = Extract<WorkflowStep, { type: T }>;
export type Log = (level: RunLogEntry['level'], message: string) => Promise<void>;
/** A write committed together with the step's output (so a repeated step writes it once). */
export type Effect = (tx: Queryable) => Promise<unknown>;

/** What a step is given to do its work: the run, its user, references, log and waiting. */
export interface StepContext {
  deps: PlatformDeps;
  documents: DocumentService;
  runId: string;
  workflowName: string | null;
  /** The user who started the run: every step acts as this user (issue 23). */
  userId: number;
  state: StepState;
  refs: ReferenceContext;
  /** Resolves references within the step's expansion budget (MAX_EXPANDED_CHARS). */
  resolve<V>(value: V, options?: { dottedOnly?: boolean }): V;
  /** Takes characters a step expands by itself (a prompt template's placeholders). */
  expand(chars: number): void;
  log: Log;
  signal: AbortSignal;
  defer(effect: Effect): void;
  /** Waits until `deadline` (ms epoch); a cancel from any process ends the wait. */
  waitUntil(deadline: number): Promise<void>;
  /** Calls `check` until it answers a value, as long as `timeoutSeconds` and cancels allow. */
  poll<V>(timeoutSeconds: number, check: () => Promise<V | undefined>): Promise<V>;
}

/**
 * One kind of step (Temporal's activity, Dagster's op): its settings' schema (the contract's),
 * its executor, and what the runner needs to know about it. The runner knows no step by name.
 */
export interface StepKind<T extends WorkflowStepType = WorkflowStepType> {
  schema: z.ZodType<StepOf<T>>;
  /**
   * May run again when the process stopped in its middle: it changes nothing outside the run
   * (or commits its change with its output). Any other step fails the run instead.
   */
  resumable: boolean;
  /** May take long: its log lines are written at once, for the live log. */
  live: boolean;
  /** What the schema cannot see; throws a 400 naming `at(field)`. */
  check?(
    step: StepOf<T>,
    at: (...path: Array<string | number>) => string,
    earlier: ReadonlySet<string>,
  ): void;
  execute(step: StepOf<T>, ctx: StepContext): Promise<unknown>;
}
