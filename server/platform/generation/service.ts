import { randomUUID } from 'node:crypto';
import {
  textGenerationBody,
  type GenerationModel,
  type GenerationRun,
  type GenerationSession,
  type GenerationSessionSummary,
  type TextGenerationBody,
  type TextGenerationResponse,
  type TextSummarizeBody,
  type TextToBeastModeBody,
  type TextToSqlBody,
} from '../../../src/api/contract';
import type { GenerationConfig } from '../../config';
import { enforce } from '../access/enforce';
import { decideGenerationSession, generationSessionOwner } from '../access/generation';
import type { Actor } from '../access/principal';
import { created, recordEvent } from '../audit/record';
import { notFound } from '../core/errors';
import type { Db } from '../store';
import { MAX_PROMPT_CHARS, promptTooLong } from './limits';
import { configuredModels, DEFAULT_SYSTEM_MESSAGE, defaultModelId, modelFor } from './models';
import { generate } from './providers';
import { insertRun, listSessions, sessionRunners, sessionRuns } from './repository';
import type { GenerationListener } from './request';
import { summarizeTask, textToBeastModeTask, textToSqlTask, type GenerationTask } from './tasks';
import { formatPrompt } from './template';
import { countTokensAsync } from './token-thread';

export interface TextGeneration {
  answer: TextGenerationResponse;
  /** The model's own time. */
  durationMs: number;
}

/** A page of sessions when the request names no size; the most runs one session answers. */
export const SESSIONS_PAGE_SIZE = 50;
export const SESSION_MAX_RUNS = 1000;
/** Concurrent runs of one session take the next seq each: a collision is tried again this often. */
const APPEND_ATTEMPTS = 6;

/**
 * Text generation (4.11) and its sessions (docs/platform-gaps.md). Every user may generate; a
 * session shows each user their own runs (access/generation.ts). The prompt's bounds are the
 * providers' (limits.ts), whoever asks.
 */
export class GenerationService {
  constructor(
    private readonly db: Db,
    private readonly config: GenerationConfig,
  ) {}

  /**
   * One generation: the model, the template and its parameters, the prompt's bounds, the
   * model's answer, and the run kept with its session. A listener is told each piece as it is
   * generated. A task (tasks.ts) gives the default template and system message, and values of
   * its own placeholders.
   */
  async #run(
    actor: Actor,
    request: TextGenerationBody,
    signal: AbortSignal,
    listener?: GenerationListener,
    task?: GenerationTask,
    keep = true,
  ): Promise<TextGeneration> {
    const model = modelFor(this.config, request.model);
    const template =
      request.promptTemplate === undefined
        ? task
          ? model.systemPrompt
            ? task.template
            : `\${system}\n\n${task.template}`
          : model.defaultTemplate
        : typeof request.promptTemplate === 'string'
          ? request.promptTemplate
          : request.promptTemplate.template;
    const system = request.system ?? task?.system ?? DEFAULT_SYSTEM_MESSAGE;
    // A model that takes a system message gets it apart, whatever the template holds.
    const prompt = formatPrompt(template, {
      input: request.input,
      system,
      parameters: { ...task?.values, ...request.parameters },
    });
    const started = performance.now();
    const result = await generate(
      this.config,
      model,
      {
        prompt,
        system: model.systemPrompt ? system : undefined,
        temperature: request.temperature,
        maxTokens: request.maxTokens,
        responseFormat: request.responseFormat,
        reasoningConfig: request.reasoningConfig,
        modelConfiguration: request.modelConfiguration,
      },
      signal,
      listener,
    );
    const durationMs = performance.now() - started;
    const sessionId = request.sessionId ?? randomUUID();
    const answer: TextGenerationResponse = {
      prompt,
      output: result.outputs[0]!,
      modelId: model.id,
      sessionId,
      choices: result.outputs.map((output) => ({ output })),
      usage: result.usage,
      isCustomerModel: false,
    };
    if (keep)
      await this.#keep(actor, {
        sessionId,
        modelId: model.id,
        durationMs,
        // A session keeps a task's text generation fields; its own (schemas, styles) shaped the
        // prompt, which the answer keeps.
        request: task ? textGenerationBody.parse(request) : request,
        answer,
        task: task?.name,
      });
    return { answer, durationMs };
  }

  /** Appends the run to its session with its activity event. */
  async #keep(
    actor: Actor,
    run: {
      sessionId: string;
      modelId: string;
      durationMs: number;
      request: TextGenerationBody;
      answer: TextGenerationResponse;
      task?: GenerationTask['name'];
    },
  ) {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => {
          await insertRun(tx, {
            sessionId: run.sessionId,
            userId: actor.userId,
            modelId: run.modelId,
            durationMs: run.durationMs,
            request: run.request,
            response: run.answer,
          });
          await recordEvent(
            tx,
            actor.userId,
            'generation.run',
            { type: 'generation', id: run.sessionId, name: run.modelId },
            created({
              model: run.modelId,
              ...(run.task ? { task: run.task } : {}),
              ...run.answer.usage,
            }),
          );
        });
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== '23505' || attempt >= APPEND_ATTEMPTS)
          throw error;
      }
    }
  }

  /** The models of the configuration, the default one marked. */
  models(_actor: Actor): Promise<GenerationModel[]> {
    const fallback = defaultModelId(this.config);
    return Promise.resolve(
      configuredModels(this.config).map((m) => ({
        id: m.id,
        name: m.name,
        default: m.id === fallback,
        provider: m.provider,
      })),
    );
  }

  /** One generation, answered whole. */
  async generate(
    actor: Actor,
    request: TextGenerationBody,
    signal: AbortSignal,
  ): Promise<TextGeneration> {
    return this.#run(actor, request, signal);
  }

  /**
   * One generation, answered whole and not kept with the user's sessions nor recorded as an
   * event: an experiment keeps each answer in its own cells (a thousand calls are not a thousand
   * sessions), and records its own events.
   */
  async complete(
    actor: Actor,
    request: TextGenerationBody,
    signal: AbortSignal,
  ): Promise<TextGeneration> {
    return this.#run(actor, request, signal, undefined, undefined, false);
  }

  /** One generation, `listener` told once the model took it and then of each piece. */
  async stream(
    actor: Actor,
    request: TextGenerationBody,
    signal: AbortSignal,
    listener: GenerationListener,
  ): Promise<TextGeneration> {
    return this.#run(actor, request, signal, listener);
  }

  /** SQL for a question over the datasets whose schemas the request gives (text to SQL). */
  async textToSql(
    actor: Actor,
    request: TextToSqlBody,
    signal: AbortSignal,
  ): Promise<TextGeneration> {
    return this.#run(actor, request, signal, undefined, textToSqlTask(request));
  }

  /** A summary of the input, in the style and length asked. */
  async summarize(
    actor: Actor,
    request: TextSummarizeBody,
    signal: AbortSignal,
  ): Promise<TextGeneration> {
    return this.#run(actor, request, signal, undefined, summarizeTask(request));
  }

  /** A calculated field's expression for the request, over the dataset schema it gives. */
  async textToBeastMode(
    actor: Actor,
    request: TextToBeastModeBody,
    signal: AbortSignal,
  ): Promise<TextGeneration> {
    return this.#run(actor, request, signal, undefined, textToBeastModeTask(request));
  }

  /** The actor's sessions, the most recent first. */
  async sessions(
    actor: Actor,
    page: { limit?: number; offset?: number },
  ): Promise<GenerationSessionSummary[]> {
    const rows = await listSessions(
      this.db,
      generationSessionOwner({ id: actor.userId }),
      page.limit ?? SESSIONS_PAGE_SIZE,
      page.offset ?? 0,
    );
    return rows.map((r) => ({
      sessionId: r.session_id,
      runCount: r.run_count,
      firstAt: new Date(r.first_at).toISOString(),
      lastAt: new Date(r.last_at).toISOString(),
      lastModelId: r.last_model_id,
    }));
  }

  /** The actor's runs of a session in order; a session they ran nothing in is not found. */
  async session(actor: Actor, sessionId: string): Promise<GenerationSession> {
    const principal = { id: actor.userId };
    enforce(
      decideGenerationSession(principal, await sessionRunners(this.db, sessionId)),
      () => notFound(`No generation session ${sessionId}`),
      (needed) => `You need ${needed} to read generation session ${sessionId}`,
    );
    const rows = await sessionRuns(
      this.db,
      sessionId,
      generationSessionOwner(principal),
      SESSION_MAX_RUNS,
    );
    return {
      sessionId,
      runs: rows.map((r): GenerationRun => ({
        seq: r.seq,
        at: new Date(r.created_at).toISOString(),
        modelId: r.model_id,
        durationMs: r.duration_ms,
        request: r.request,
        response: r.response,
      })),
    };
  }

  /** The tokens of a text (as recent OpenAI models count them), bounded as a prompt is. */
  async countTokens(_actor: Actor, text: string): Promise<number> {
    if (text.length > MAX_PROMPT_CHARS) throw promptTooLong(text.length);
    return countTokensAsync(text);
  }
}
