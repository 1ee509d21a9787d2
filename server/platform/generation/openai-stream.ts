import { PlatformError } from '../core/errors';
import { MAX_PROVIDER_ANSWER_BYTES } from './limits';
import { mib, MAX_RELAYED_CHARS, providerMessage, type ChatCompletion } from './provider-message';
import { redactText } from '../core/redact';

interface StreamChunk {
  choices?: Array<{ index?: number; delta?: { content?: string | null } }>;
  usage?: ChatCompletion['usage'];
  error?: unknown;
}

export interface StreamedCompletion {
  outputs: string[];
  usage: ChatCompletion['usage'] | undefined;
}

const streamTooLarge = () =>
  new PlatformError(
    502,
    `the model provider's answer grew past ${mib(MAX_PROVIDER_ANSWER_BYTES)}, the limit: the rest was not read`,
  );

/**
 * Reads an OpenAI-style completion stream (`data: {chunk}` events, `data: [DONE]` last), handing
 * each piece of the first choice to `onDelta` in order. What is held (every choice's text, and
 * the event being read) stays within MAX_PROVIDER_ANSWER_BYTES, as the plain answer does; an error
 * the provider sends in the stream is relayed without the key.
 */
export async function readCompletionStream(
  res: Response,
  onDelta: (text: string) => void,
  key: string | undefined,
): Promise<StreamedCompletion> {
  const outputs: string[] = [];
  let usage: ChatCompletion['usage'];
  let kept = 0;
  let data: string[] = [];
  let dataBytes = 0;

  /** One whole event; true once the provider said `[DONE]`. */
  const dispatch = (): boolean => {
    const payload = data.join('\n');
    data = [];
    dataBytes = 0;
    if (payload === '') return false;
    if (payload.trim() === '[DONE]') return true;
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(payload) as StreamChunk;
    } catch {
      throw new PlatformError(502, 'the model provider streamed an event that is not JSON');
    }
    if (chunk.error !== undefined) {
      const why = redactText(providerMessage(chunk).slice(0, MAX_RELAYED_CHARS), key);
      throw new PlatformError(502, `the model provider failed while streaming: ${why}`);
    }
    if (chunk.usage) usage = chunk.usage;
    for (const choice of Array.isArray(chunk.choices) ? chunk.choices : []) {
      const index = Number.isInteger(choice?.index) ? choice.index! : 0;
      if (index < 0 || index > 127) continue;
      const piece = choice?.delta?.content;
      for (let i = outputs.length; i <= index; i++) outputs.push('');
      if (typeof piece !== 'string' || piece === '') continue;
      kept += Buffer.byteLength(piece);
      if (kept > MAX_PROVIDER_ANSWER_BYTES) throw streamTooLarge();
      outputs[index] += piece;
      if (index === 0) onDelta(piece);
    }
    return false;
  };

  /** One line of the stream (SSE: `data:` lines gather until a blank line ends the event). */
  const line = (text: string): boolean => {
    if (text === '') return dispatch();
    if (text.startsWith('data:')) {
      data.push(text.slice(text.startsWith('data: ') ? 6 : 5));
      dataBytes += text.length;
    }
    return false;
  };

  const reader = res.body?.getReader();
  if (!reader) return { outputs, usage };
  const decoder = new TextDecoder();
  let pending = '';
  let pendingBytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pendingBytes += value.byteLength;
      pending += decoder.decode(value, { stream: true });
      let newline = pending.indexOf('\n');
      if (newline >= 0) {
        do {
          const finished = line(pending.slice(0, newline).replace(/\r$/, ''));
          pending = pending.slice(newline + 1);
          if (finished) return { outputs, usage };
          newline = pending.indexOf('\n');
        } while (newline >= 0);
        pendingBytes = Buffer.byteLength(pending);
      }
      if (kept + dataBytes + pendingBytes > MAX_PROVIDER_ANSWER_BYTES) throw streamTooLarge();
    }
    line(pending);
    dispatch();
    return { outputs, usage };
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
