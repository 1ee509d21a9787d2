import { httpStep } from '../../../../src/api/contract';
import { redactText } from '../../core/redact';
import { StepFailure } from '../errors';
import { MAX_OUTPUT_BYTES } from '../output';
import type { StepKind } from './types';
import { sleep } from '../waiting';

/** Bytes of an answer's body that are read; the rest is not. */
const MAX_BODY_BYTES = MAX_OUTPUT_BYTES / 2;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function targetOf(raw: string, allowed: ReadonlySet<string>) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StepFailure(`"${redactText(raw)}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new StepFailure(`only http and https URLs, not ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!allowed.has(host))
    throw new StepFailure(
      `the host ${host} is not in WORKFLOWS_HTTP_ALLOWED_HOSTS (an http step may call only the hosts named there)`,
    );
  return url;
}

/** At most `limit` bytes of a response body as text; stops when `signal` aborts. */
async function readSome(response: Response, limit: number, signal: AbortSignal) {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const aborted = new Promise<never>((_, reject) => {
    const stop = () => reject(signal.reason as Error);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  aborted.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      if (size >= limit) break;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/**
 * One request and its answer's body under one deadline. The timer is our own, held until the
 * body is read: an `AbortSignal.timeout` inside `AbortSignal.any` may be garbage-collected
 * before it fires (nodejs/node#57736), and the step would then wait for a slow body.
 */
async function exchange(url: URL, init: RequestInit, timeoutSeconds: number, outer: AbortSignal) {
  const controller = new AbortController();
  const late = new StepFailure(
    `no complete answer from ${url.host} within ${timeoutSeconds} s (timeoutSeconds)`,
  );
  const timer = setTimeout(() => controller.abort(late), timeoutSeconds * 1000);
  const onOuter = () => controller.abort(outer.reason);
  if (outer.aborted) onOuter();
  else outer.addEventListener('abort', onOuter, { once: true });
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: controller.signal });
    return { response, text: await readSome(response, MAX_BODY_BYTES, controller.signal) };
  } catch (error) {
    if (controller.signal.reason === late) throw late;
    throw error;
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', onOuter);
  }
}

/**
 * Calls a host named in WORKFLOWS_HTTP_ALLOWED_HOSTS, with retries; `timeoutSeconds` covers the
 * whole exchange, body included. Credentials in the URL never appear in a message.
 */
export const http: StepKind<'http'> = {
  schema: httpStep,
  resumable: false,
  live: true,
  async execute(step, ctx) {
    // Every setting is resolved before the URL is checked, so a refused call shows what it had.
    const target = String(ctx.resolve(step.url));
    const body = step.body === undefined ? undefined : JSON.stringify(ctx.resolve(step.body));
    const headers = {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(step.headers === undefined ? {} : ctx.resolve(step.headers)),
    };
    const url = targetOf(target, ctx.settings.httpAllowedHosts);
    const attempts = (step.retries ?? 0) + 1;
    for (let attempt = 1; ; attempt++) {
      const t0 = Date.now();
      let failure: string;
      try {
        await ctx.log('DEBUG', `${step.method} ${url.origin}${url.pathname}`);
        const { response, text } = await exchange(
          url,
          { method: step.method, headers, body },
          step.timeoutSeconds ?? 30,
          ctx.signal,
        );
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        if (response.ok) {
          await ctx.log(
            'INFO',
            `${step.method} ${url.host}${url.pathname} answered ${response.status} in ${Date.now() - t0} ms`,
          );
          return { status: response.status, body: parsed };
        }
        failure = `${response.status} ${response.statusText} from ${url.host}`;
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        failure =
          error instanceof StepFailure
            ? error.message
            : `no answer from ${url.host}: ${redactText((error as Error).message)}`;
      }
      if (attempt >= attempts)
        throw new StepFailure(`${failure}${attempts > 1 ? ` after ${attempts} attempts` : ''}`);
      const delay = 500 * 2 ** (attempt - 1);
      await ctx.log(
        'WARN',
        `Attempt ${attempt} of ${attempts} failed: ${failure}; retrying in ${seconds(delay)}`,
      );
      await sleep(delay, ctx.signal);
    }
  },
};
