import type { TextGenerationStreamError } from '../../../src/api/contract';
import type { GenerationListener } from './request';
import type { TextGeneration } from './service';

export const wantsEventStream = (accept: string | undefined) =>
  (accept ?? '').toLowerCase().includes('text/event-stream');

type Run = (listener: GenerationListener, signal: AbortSignal) => Promise<TextGeneration>;

/**
 * A generation answered as server-sent events: `delta` `{text}` for each piece in order, then
 * `done` with the plain request's answer, or `error` with the area's body and its status. What
 * fails before the model took the request (a bad model, a prompt over its bounds, a provider's
 * refusal) is thrown instead, and so answered with its status like the plain request. A client
 * that goes away ends the generation (and the provider's request).
 */
export async function eventStreamAnswer(
  run: Run,
  clientSignal: AbortSignal,
  failure: (error: unknown) => TextGenerationStreamError,
): Promise<Response> {
  const abort = new AbortController();
  const onClientGone = () => abort.abort();
  clientSignal.addEventListener('abort', onClientGone, { once: true });
  const encoder = new TextEncoder();
  let out: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      out = controller;
    },
    cancel: () => {
      open = false;
      abort.abort();
    },
  });
  const send = (event: string, data: unknown) => {
    if (open) out?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  };
  const end = () => {
    clientSignal.removeEventListener('abort', onClientGone);
    if (!open) return;
    open = false;
    out?.close();
  };

  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const outcome = run(
    { started: markStarted, delta: (text) => send('delta', { text }) },
    abort.signal,
  );
  try {
    await Promise.race([started, outcome]);
  } catch (error) {
    end();
    throw error;
  }
  outcome.then(
    ({ answer }) => {
      send('done', answer);
      end();
    },
    (error: unknown) => {
      if (!abort.signal.aborted) send('error', failure(error));
      end();
    },
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
