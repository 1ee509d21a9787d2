import {
  GENERATION_EVENT_STREAM,
  textGenerationDelta,
  textGenerationResponse,
  textGenerationStreamError,
  type TextGenerationBody,
} from '../contract/generation';
import { ApiError } from '../errors';
import { readEventStream } from '../event-stream';
import { GENERATION_PATH, type TimedGeneration } from './path';

const label = `POST ${GENERATION_PATH}`;

function parsed<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  data: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw ApiError.contract(label, 'an event is not JSON');
  }
  const result = schema.safeParse(value);
  if (!result.success) throw ApiError.contract(label, 'an event does not have its shape');
  return result.data;
}

async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * 4.11 as a stream (the embedded platform's addition, docs/platform-gaps.md): `onDelta` is
 * handed each piece of the output as the model writes it; the answer is the plain request's.
 * An answer that is not a stream (a platform that answers whole) is taken as one piece.
 */
export async function streamText(
  body: TextGenerationBody,
  { signal, onDelta }: { signal?: AbortSignal; onDelta: (text: string) => void },
): Promise<TimedGeneration> {
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(GENERATION_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: GENERATION_EVENT_STREAM, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw ApiError.network(label);
  }
  if (!res.ok) throw ApiError.fromResponse(res, await bodyOf(res), label);
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith(GENERATION_EVENT_STREAM) || !res.body) {
    const answer = textGenerationResponse.safeParse(await bodyOf(res));
    if (!answer.success) throw ApiError.contract(label, 'the body is not an answer');
    onDelta(answer.data.output);
    return { answer: answer.data, latencyMs: performance.now() - started };
  }
  for await (const { event, data } of readEventStream(res.body)) {
    if (event === 'delta') onDelta(parsed(textGenerationDelta, data).text);
    else if (event === 'done')
      return {
        answer: parsed(textGenerationResponse, data),
        latencyMs: performance.now() - started,
      };
    else if (event === 'error') {
      const failure = parsed(textGenerationStreamError, data);
      throw ApiError.fromResponse({ status: failure.status, statusText: '' }, failure, label);
    }
  }
  throw new ApiError({
    kind: 'network',
    status: 0,
    message: 'The answer stopped before it was complete: the connection to the platform ended',
    path: label,
  });
}
