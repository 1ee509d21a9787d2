import { setTimeout as sleep } from 'node:timers/promises';
import {
  EXPERIMENT_LIMITS,
  type ExperimentScorer,
  type ExperimentVariant,
  type TextGenerationBody,
} from '../../../src/api/contract';
import type { Actor } from '../access/principal';
import { PlatformError } from '../core/errors';
import { ProviderRateLimited } from '../generation/provider-message';
import type { GenerationService, TextGeneration } from '../generation/service';
import type { Db } from '../store';
import { experimentState, finishCell, startCell, type CaseRow } from './repository';
import {
  JUDGE_SYSTEM,
  judgePrompt,
  judgeScore,
  PATTERN_TIMEOUT,
  ruleScore,
  type JudgeScorer,
  type RuleScorer,
  type Score,
  type ScoreInput,
} from './scorers';

/** Calls of one cell (its generation, or one judge's) in all, the first included, on 429s. */
export const MAX_CALL_ATTEMPTS = 5;
/** The longest wait between two attempts, whatever the provider's retry-after says. */
export const MAX_RETRY_WAIT_MS = 60_000;
/** Without a retry-after: 1 s, then twice as long each time. */
const FIRST_BACKOFF_MS = 1_000;
/** How often a run looks whether it was cancelled by another process. */
const STATE_CHECK_MS = 1_000;
/** The judge's answer is short: its score and one sentence. */
export const JUDGE_MAX_TOKENS = 256;

/** A process's calls in flight to one provider, across every experiment it runs. */
class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
const providerSlots = new Map<string, Slots>();
const slotsOf = (provider: string) => {
  let slots = providerSlots.get(provider);
  if (!slots) providerSlots.set(provider, (slots = new Slots(EXPERIMENT_LIMITS.concurrency)));
  return slots;
};

/** How long to wait before attempt `attempt + 1` after a 429. */
export function retryWaitMs(error: ProviderRateLimited, attempt: number) {
  const asked =
    error.retryAfterSeconds !== undefined
      ? error.retryAfterSeconds * 1000
      : FIRST_BACKOFF_MS * 2 ** (attempt - 1);
  return Math.min(asked, MAX_RETRY_WAIT_MS);
}

/** The run was stopped (cancelled, its lease lost or the process stopping): nothing is kept. */
class Stopped extends Error {}

export interface RunContext {
  db: Db;
  generation: GenerationService;
  /** The experiment's owner: every call is theirs. */
  actor: Actor;
  experiment: {
    id: string;
    variants: ExperimentVariant[];
    scorers: ExperimentScorer[];
    concurrency: number;
  };
  /** Each model's provider, for its calls in flight. */
  providers: ReadonlyMap<string, string>;
  cases: ReadonlyMap<number, CaseRow>;
  cells: ReadonlyArray<{ case_index: number; variant: number }>;
  signal: AbortSignal;
  /** Answers on which each scorer's pattern ran out of time, in this run. */
  slowPatterns?: Map<number, number>;
}

/** A pattern that ran out of time on this many answers of a run is not run on the others. */
export const SLOW_PATTERN_ANSWERS = 3;

/**
 * A rule's score, a regular expression's bounded across the run too: each answer it runs out of
 * time on holds the patterns' thread for its timeout (every experiment's patterns wait for it),
 * so after SLOW_PATTERN_ANSWERS of them it scores the remaining answers 0 without running.
 */
async function boundedRuleScore(
  ctx: RunContext,
  index: number,
  scorer: RuleScorer,
  input: ScoreInput,
): Promise<Score> {
  if (scorer.type !== 'regex') return ruleScore(scorer, input);
  const slow = (ctx.slowPatterns ??= new Map<number, number>());
  const times = slow.get(index) ?? 0;
  if (times >= SLOW_PATTERN_ANSWERS)
    return {
      score: 0,
      reason: `not run: the pattern ran out of time on ${times} answers of this run`,
    };
  const score = await ruleScore(scorer, input);
  if (score.reason?.startsWith(PATTERN_TIMEOUT)) slow.set(index, times + 1);
  return score;
}

/**
 * Runs the pending cells `concurrency` at a time: each is taken (RUNNING), generated as the
 * owner, scored, and kept (DONE or FAILED with why). A stop (cancel, a lost lease, the process
 * stopping) ends every call at once and keeps nothing of them: a cancel has marked them
 * CANCELLED, and a run that resumes finds them RUNNING and runs them again.
 */
export async function runCells(ctx: RunContext): Promise<void> {
  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  // Another process may cancel: the state is looked at now and then.
  const watch = setInterval(() => {
    void experimentState(ctx.db, ctx.experiment.id)
      .then((state) => {
        if (state !== 'RUNNING') stop.abort();
      })
      .catch(() => undefined);
  }, STATE_CHECK_MS);
  watch.unref();
  let next = 0;
  // A cell's outcome is written while its worker calls for the next one: the store's time is
  // not part of each call's turn. Every write has ended before the run does.
  const writes: Array<Promise<unknown>> = [];
  const worker = async () => {
    while (!signal.aborted && next < ctx.cells.length) {
      const cell = ctx.cells[next++]!;
      const write = (await runCell(ctx, cell.case_index, cell.variant, signal))?.write;
      if (write) {
        // Read by the Promise.all below; meanwhile a failure is not left unhandled.
        write.catch(() => undefined);
        writes.push(write);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: ctx.experiment.concurrency }, worker));
  } finally {
    clearInterval(watch);
    await Promise.all(writes);
  }
}

/**
 * One cell: taken (RUNNING) while its call goes out, then generated and scored; answers the write
 * of its outcome, which it does not wait for (nothing when it was cancelled or stopped).
 */
async function runCell(
  ctx: RunContext,
  caseIndex: number,
  variant: number,
  signal: AbortSignal,
): Promise<{ write: Promise<void> } | undefined> {
  const { db, experiment } = ctx;
  const taken = startCell(db, experiment.id, caseIndex, variant);
  // Its answer is read below; a failure to take it fails the run then, not here unhandled.
  taken.catch(() => undefined);
  const settings = experiment.variants[variant]!;
  const testCase = ctx.cases.get(caseIndex)!;
  let attempts = 0;
  const call = async (request: TextGenerationBody) => {
    const provider = ctx.providers.get(request.model ?? '') ?? 'built-in';
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw new Stopped();
      attempts++;
      try {
        return await slotsOf(provider).run(() =>
          ctx.generation.complete(ctx.actor, request, signal),
        );
      } catch (error) {
        if (signal.aborted) throw new Stopped();
        if (!(error instanceof ProviderRateLimited) || attempt >= MAX_CALL_ATTEMPTS) throw error;
        try {
          await sleep(retryWaitMs(error, attempt), undefined, { signal });
        } catch {
          throw new Stopped();
        }
      }
    }
  };
  const started = performance.now();
  try {
    const generated: TextGeneration = await call({
      input: testCase.inputs.input ?? '',
      promptTemplate: settings.template,
      parameters: testCase.inputs,
      model: settings.model,
      system: settings.system,
      temperature: settings.temperature,
      maxTokens: settings.maxTokens,
      responseFormat: settings.responseFormat,
    });
    const latencyMs = Math.round(performance.now() - started);
    const full = generated.answer.output;
    const truncated = full.length > EXPERIMENT_LIMITS.outputChars;
    const output = truncated ? full.slice(0, EXPERIMENT_LIMITS.outputChars) : full;
    const input = { output, expected: testCase.expected, inputs: testCase.inputs };
    const scores: Score[] = [];
    for (const [i, scorer] of experiment.scorers.entries()) {
      if (scorer.type !== 'judge') {
        scores.push(await boundedRuleScore(ctx, i, scorer, input));
        continue;
      }
      try {
        scores.push(await judge(call, scorer, input));
      } catch (error) {
        if (error instanceof Stopped) throw error;
        throw new PlatformError(502, `the judge (scorer ${i + 1}) failed: ${messageOf(error)}`);
      }
    }
    if (!(await taken)) return undefined;
    const write = finishCell(db, experiment.id, {
      caseIndex,
      variant,
      state: 'DONE',
      output,
      truncated,
      error: null,
      scores,
      inputTokens: generated.answer.usage.inputTokens,
      outputTokens: generated.answer.usage.outputTokens,
      latencyMs,
      attempts,
    });
    return { write };
  } catch (error) {
    if (error instanceof Stopped || !(await taken)) return undefined;
    const write = finishCell(db, experiment.id, {
      caseIndex,
      variant,
      state: 'FAILED',
      output: null,
      truncated: false,
      error: messageOf(error),
      scores: [],
      inputTokens: null,
      outputTokens: null,
      latencyMs: null,
      attempts,
    });
    return { write };
  }
}

async function judge(
  call: (request: TextGenerationBody) => Promise<TextGeneration>,
  scorer: JudgeScorer,
  input: Parameters<typeof judgePrompt>[1],
): Promise<Score> {
  // The answer and rubric go in as the input: a `${…}` in them is text, not a placeholder.
  const { answer } = await call({
    input: judgePrompt(scorer.rubric, input),
    promptTemplate: '${input}',
    model: scorer.model,
    system: JUDGE_SYSTEM,
    temperature: 0,
    maxTokens: JUDGE_MAX_TOKENS,
  });
  return judgeScore(answer.output);
}

/** A cell's error: the platform's own message; anything else is not relayed. */
const messageOf = (error: unknown) =>
  error instanceof PlatformError ? error.message : 'the call failed unexpectedly';
