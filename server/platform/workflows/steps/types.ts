import type { z } from 'zod';
import type {
  RunLogEntry,
  RunStep,
  WorkflowStep,
  WorkflowStepType,
} from '../../../../src/api/contract';
import type { Actor } from '../../access/principal';
import type { DocumentService } from '../../datastores/documents';
import type { DatastoreService } from '../../datastores/service';
import type { ExperimentService } from '../../experiments/service';
import type { ExportService } from '../../exports/service';
import type { GenerationService } from '../../generation/service';
import type { StreamService } from '../../streams/service';
import type { ReferenceContext } from '../references';

export type StepOf<T extends WorkflowStepType> = Extract<WorkflowStep, { type: T }>;
export type Log = (level: RunLogEntry['level'], message: string) => Promise<void>;
/**
 * The services the steps call (named one by one: the workflows area is itself a service, so
 * `Services` would import it back), the same operations the routes call: each decides access for
 * the acting user it is given (the run's), so no step decides access by itself.
 */
export interface StepServices {
  documents: DocumentService;
  datastores: DatastoreService;
  exports: ExportService;
  streams: StreamService;
  generation: GenerationService;
  experiments: ExperimentService;
}

/** The configuration a step reads: the hosts an `http` step may call (WORKFLOWS_HTTP_ALLOWED_HOSTS). */
export interface StepSettings {
  httpAllowedHosts: ReadonlySet<string>;
}

/** A message a `notify` step sends: written to the outbox with the step's output. */
export interface Notification {
  id: string;
  to: string;
  subject: string;
  body: string;
}

/** What a step is given to do its work: the run, its user, references, log and waiting. */
export interface StepContext {
  /** The user who started the run: every step acts as this user, through the services. */
  actor: Actor;
  services: StepServices;
  settings: StepSettings;
  runId: string;
  workflowName: string | null;
  /** The step's state as the run keeps it: when it first started, for a resumed `wait`. */
  state: Pick<RunStep, 'startedAt'>;
  refs: ReferenceContext;
  /** Resolves references within the step's expansion budget (MAX_EXPANDED_CHARS). */
  resolve<V>(value: V, options?: { dottedOnly?: boolean }): V;
  /** Takes characters a step expands by itself (a prompt template's placeholders). */
  expand(chars: number): void;
  log: Log;
  signal: AbortSignal;
  /**
   * Sends the message once the step ends: it is written in the transaction that records the
   * step's output, so a step that runs again after a stop sends it once.
   */
  notify(message: Notification): void;
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
