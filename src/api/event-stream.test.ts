import { describe, expect, it } from 'vitest';
import { createEventStreamParser, readEventStream, type ServerSentEvent } from './event-stream';

const parseAll = (chunks: string[]) => {
  const parser = createEventStreamParser();
  const events: ServerSentEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.end());
  return events;
};

describe('the event-stream parser', () => {
  const stream =
    'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: done\ndata: {}\n\n';
  const expected = [
    { event: 'delta', data: '{"text":"Hel"}' },
    { event: 'delta', data: '{"text":"lo"}' },
    { event: 'done', data: '{}' },
  ];

  it('gives the events in order, however the text is split', () => {
    expect(parseAll([stream])).toEqual(expected);
    for (let cut = 1; cut < stream.length; cut++)
      expect(parseAll([stream.slice(0, cut), stream.slice(cut)])).toEqual(expected);
    expect(parseAll([...stream])).toEqual(expected);
  });

  it('reads CRLF and CR line ends, even a CRLF split between two chunks', () => {
    const crlf = stream.replaceAll('\n', '\r\n');
    expect(parseAll([crlf])).toEqual(expected);
    for (let cut = 1; cut < crlf.length; cut++)
      expect(parseAll([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(expected);
    expect(parseAll([stream.replaceAll('\n', '\r')])).toEqual(expected);
  });

  it('joins data lines, skips comments and other fields, and names an untyped event `message`', () => {
    expect(
      parseAll([
        ': keep-alive\n\nid: 7\nretry: 10\ndata: a\ndata:b\ndata\n\nevent:\ndata:  two spaces\n\n',
      ]),
    ).toEqual([
      { event: 'message', data: 'a\nb\n' },
      { event: 'message', data: ' two spaces' },
    ]);
  });

  it('drops an event the stream ends inside, and an event with no data', () => {
    expect(parseAll(['event: delta\n\nevent: done\ndata: {"cut":'])).toEqual([]);
  });

  it('reads a response body as it arrives, multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: ünïcödé 🎉\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    for await (const event of readEventStream(body)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'ünïcödé 🎉' }]);
  });
});
