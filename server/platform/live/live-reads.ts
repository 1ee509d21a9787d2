import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { Actor } from '../access/principal';
import { PlatformError, sendError, unauthorized } from '../core/errors';
import { actorOf, type PlatformEnv } from '../core/http';
import type { Signals } from '../jobs/signals';
import { presentedOf } from '../people/authenticate';
import type { AuthenticationService } from '../people/authentication';
import {
  EVENT_STREAM_HEAD,
  eventText,
  follow,
  liveLimits,
  socketSink,
  type LiveLimits,
  type LiveRead,
  type ReadHint,
} from './sse';

/** How long a refused live read's client waits before it tries again (`Retry-After`, seconds). */
export const LIVE_RETRY_AFTER_SECONDS = 10;

/** One live read, as its area's route asks for it. */
export interface LiveReadOf {
  /** What wakes it (jobs/signals.ts). */
  topics: string[];
  /** One read: the messages to send, and whether the resource has ended. */
  read: (hint: ReadHint) => Promise<LiveRead>;
  /**
   * Decides the caller's access to the resource again (the area's plain read, as the caller):
   * throws the 404 or 403 once it is gone. Every `recheckMs`, with the caller's token.
   */
  recheck?: () => Promise<unknown>;
  /** What every change wakes (a workflow run) is re-read less often (× rereadMs). */
  rereadEvery?: number;
}

/**
 * The live reads (text/event-stream) of every area, built once by the composition root: how many
 * are open (in this process, and per user), and how each goes on. The area's route decides the
 * first read (a 404 comes before the stream) and hands over what to read; from then on the
 * caller's token, and its access through `recheck`, are decided again every `recheckMs`, and a
 * read that may no longer go on ends with `event: error` `{status, message}` (401 for a token
 * no longer valid). Over a bound, the answer is 503 with `Retry-After`, in the error body of the
 * area that answered (core/errors.ts), and the other users' reads go on.
 */
export class LiveReads {
  #total = 0;
  readonly #perUser = new Map<number, number>();

  constructor(
    /** The wakes of this process and, on PostgreSQL, of the others (jobs/signals.ts). */
    readonly signals: Signals,
    private readonly authentication: AuthenticationService,
    private readonly brand: string,
    private readonly log: (line: string) => void,
    /** LIVE_READS_PER_USER when set; else `limits.maxOpenPerUser`. */
    private readonly perUser?: number,
    /** The platform's bounds, by default the shared defaults (tests lower them). */
    readonly limits: LiveLimits = liveLimits,
  ) {}

  get #maxPerUser() {
    return this.perUser ?? this.limits.maxOpenPerUser;
  }

  /** Answers the request `c` with the live read `of`, as the request's user. */
  answer(c: Context<PlatformEnv>, of: LiveReadOf) {
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    // No path calls a live read in-process (a custom app's paths, apps/app-paths.ts, have none).
    if (!outgoing) throw new PlatformError(400, 'A live read is answered over HTTP only');
    // HEAD: the head alone, no stream.
    if (c.req.method === 'HEAD') return c.body(null, 200, EVENT_STREAM_HEAD);
    const actor = actorOf(c);
    const refusal = this.#refusal(actor);
    if (refusal) {
      c.header('Retry-After', String(LIVE_RETRY_AFTER_SECONDS));
      return sendError(c, new PlatformError(503, refusal, { errorCode: 'UNAVAILABLE' }));
    }
    this.#count(actor, +1);
    const presented = presentedOf(c, this.brand);
    const recheck = async () => {
      const now = await this.authentication.authenticate(presented);
      if (now.userId !== actor.userId) throw unauthorized();
      await of.recheck?.();
    };
    // Served by Node (@hono/node-server): the events go straight to the socket, each read's in
    // one write, without a web stream between (each of those cost a share of the one thread
    // that a hundred live reads and their requests share).
    const sink = socketSink(outgoing, this.limits.heartbeatMs);
    const rereadMs = this.limits.rereadMs * (of.rereadEvery ?? 1);
    void follow(sink, this.signals, of.topics, of.read, { limits: this.limits, rereadMs, recheck })
      .catch(async (error: unknown) => {
        const known = error instanceof PlatformError;
        if (!known)
          this.log(
            `live read ${c.req.path} trace ${c.get('traceId')}: ${error instanceof Error ? error.stack : String(error)}`,
          );
        // The stream ends with an `error` event: the status the plain read would answer now,
        // and why. The client reads the resource again (and hears the same).
        const data = known
          ? { status: error.status, message: error.message }
          : { status: 500, message: 'The live read failed; read the resource instead' };
        await sink.write(eventText({ event: 'error', data }));
      })
      .catch(() => undefined)
      .finally(() => {
        this.#count(actor, -1);
        sink.end();
      });
    return RESPONSE_ALREADY_SENT;
  }

  /** Why another live read of the actor's may not open now; undefined when it may. */
  #refusal(actor: Actor) {
    if ((this.#perUser.get(actor.userId) ?? 0) >= this.#maxPerUser)
      return `You have too many live reads open (${this.#maxPerUser}); close one, or read the resource instead`;
    if (this.#total >= this.limits.maxOpen)
      return `Too many live reads are open (${this.limits.maxOpen}); read the resource instead, or try again shortly`;
    return undefined;
  }

  #count(actor: Actor, by: 1 | -1) {
    this.#total += by;
    const yours = (this.#perUser.get(actor.userId) ?? 0) + by;
    if (yours > 0) this.#perUser.set(actor.userId, yours);
    else this.#perUser.delete(actor.userId);
  }
}
