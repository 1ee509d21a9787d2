import { parentPort } from 'node:worker_threads';
import { checkBulkBody, type BulkItem } from './bulk-body';
import { ITEMS_PER_MESSAGE, type BulkAnswer, type BulkRequest } from './bulk-body-thread';

/** Bodies checked and not yet taken: what is left of each, by request. */
const left = new Map<number, { items: BulkItem[]; at: number }>();
const post = (answer: BulkAnswer) => parentPort!.postMessage(answer);

/**
 * Parses and checks bulk create and bulk upsert bodies off the platform's event loop
 * (bulk-body-thread.ts sends them). The documents go back a piece at a time, each when the
 * platform asks for it: messages that arrive together are taken in as one task, which would hold
 * its event loop as the parse did.
 */
parentPort!.on('message', (request: BulkRequest) => {
  const { id } = request;
  if ('more' in request) {
    const body = left.get(id);
    if (!body) return;
    if (body.at >= body.items.length) {
      left.delete(id);
      return post({ id, kind: 'done' });
    }
    const items = body.items.slice(body.at, body.at + ITEMS_PER_MESSAGE);
    body.at += items.length;
    return post({ id, kind: 'items', items });
  }
  try {
    const checked = checkBulkBody(request.kind, request.bytes);
    if ('error' in checked) return post({ id, kind: 'error', message: checked.error });
    left.set(id, { items: checked.items, at: 0 });
    post({ id, kind: 'checked' });
  } catch (error) {
    post({ id, kind: 'failed', message: (error as Error).message });
  }
});
