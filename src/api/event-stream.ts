/** One server-sent event: its type (`message` when the stream names none) and its data. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser of `text/event-stream` (the HTML standard's rules): text goes in as it
 * arrives, split anywhere; whole events come out. Lines end with CRLF, LF or CR; `data` lines
 * join with LF; comments (`:`), `id` and `retry` are ignored; an event the stream ends inside
 * is dropped, as EventSource drops it.
 */
export function createEventStreamParser() {
  let buffer = '';
  let event = '';
  let data: string[] | undefined;

  const line = (text: string, out: ServerSentEvent[]) => {
    if (text === '') {
      if (data !== undefined) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = undefined;
      return;
    }
    const colon = text.indexOf(':');
    if (colon === 0) return;
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') (data ??= []).push(value);
  };

  return {
    push(chunk: string): ServerSentEvent[] {
      buffer += chunk;
      const out: ServerSentEvent[] = [];
      const ends = /\r\n|\n|\r/g;
      let start = 0;
      for (let match = ends.exec(buffer); match; match = ends.exec(buffer)) {
        // A CR last in the buffer may be the first half of a CRLF: wait for the next chunk.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(start, match.index), out);
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
      return out;
    },
    /** The stream ended: a last line without its end still counts; an unfinished event does not. */
    end(): ServerSentEvent[] {
      const out: ServerSentEvent[] = [];
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1), out);
      buffer = '';
      return out;
    },
  };
}

/** The events of a response body, as they arrive. */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const parser = createEventStreamParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
