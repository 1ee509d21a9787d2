/**
 * Tests' and benchmarks' reader of a text/event-stream answer: its events, until `until` says
 * stop or the stream ends; `onEvent` sees each as it arrives.
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
  /** ms since the read began */
  at: number;
}

export async function readEvents(
  response: Response,
  until: (events: SseEvent[]) => boolean = () => false,
  timeoutMs = 15_000,
  onEvent?: (event: SseEvent) => void,
): Promise<{ events: SseEvent[]; comments: string[]; ended: boolean; retry?: number }> {
  const events: SseEvent[] = [];
  /** The last `retry:` field: how long a browser waits before it reconnects. */
  let retry: number | undefined;
  const comments: string[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const t0 = Date.now();
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), timeoutMs);
  let buffer = '';
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        ended = Date.now() - t0 < timeoutMs;
        break;
      }
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event: SseEvent = { event: 'message', data: '', at: Date.now() - t0 };
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
          else if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
        }
        if (!data.length) continue;
        event.data = data.join('\n');
        events.push(event);
        onEvent?.(event);
      }
      if (until(events)) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } finally {
    clearTimeout(timer);
  }
  return { events, comments, ended, retry };
}
