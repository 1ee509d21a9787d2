import { WorkerThread } from '../core/worker-thread';
import { badRequest } from '../core/errors';
import { checkBulkBody, type BulkItem, type BulkKind } from './bulk-body';

/** A body to check, or the next documents of one checked (the thread keeps them until asked). */
export type BulkRequest =
  { id: number; kind: BulkKind; bytes: Uint8Array } | { id: number; more: true };
export type BulkAnswer =
  | { id: number; kind: 'checked' }
  | { id: number; kind: 'items'; items: BulkItem[] }
  | { id: number; kind: 'done' }
  | { id: number; kind: 'error'; message: string }
  | { id: number; kind: 'failed'; message: string };

/**
 * A body up to this many bytes is parsed where it is asked (a few milliseconds); a larger one
 * (up to 10 MiB, some 100,000 documents) would hold every other request for as long as its parse
 * and check take, past a read's 100 ms budget, so it is parsed and checked on a thread of its own.
 */
export const INLINE_BULK_BYTES = 256 * 1024;
/** Documents per message from the thread, each asked for: a short task to take in (a few ms). */
export const ITEMS_PER_MESSAGE = 2_000;
/** A thread with nothing to do stops after this long. */
const IDLE_MS = 5_000;

const workerFile = new URL('./bulk-body-worker.mjs', import.meta.url);

interface Pending {
  items: BulkItem[];
  resolve: (items: BulkItem[]) => void;
  reject: (error: Error) => void;
}

class BulkBodyThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly thread: WorkerThread<BulkRequest, BulkAnswer> = new WorkerThread(
    workerFile,
    'The bulk body reader',
    IDLE_MS,
    (answer) => this.took(answer),
    (why) => {
      for (const id of [...this.pending.keys()]) this.end(id, new Error(why));
    },
    () => this.pending.size > 0,
  );

  check(kind: BulkKind, bytes: Uint8Array): Promise<BulkItem[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { items: [], resolve, reject });
      this.thread.post({ id, kind, bytes });
    });
  }

  /** The next piece, asked for after the event loop took a turn (other requests go first). */
  private more(id: number) {
    setImmediate(() => {
      if (this.pending.has(id)) this.thread.post({ id, more: true });
    });
  }

  private took(answer: BulkAnswer) {
    const pending = this.pending.get(answer.id);
    if (!pending) return;
    if (answer.kind === 'checked') return this.more(answer.id);
    if (answer.kind === 'items') {
      for (const item of answer.items) pending.items.push(item);
      return this.more(answer.id);
    }
    if (answer.kind === 'done') return this.end(answer.id);
    this.end(
      answer.id,
      answer.kind === 'error' ? badRequest(answer.message) : new Error(answer.message),
    );
  }

  private end(id: number, error?: Error) {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (error) pending.reject(error);
    else pending.resolve(pending.items);
    if (this.pending.size === 0) this.thread.rest();
  }
}

const thread = new BulkBodyThread();

/**
 * The documents of a bulk create's or a bulk upsert's body, checked (400 naming the first fault):
 * a small body where it is asked, a larger one on the bulk body thread, so the event loop is never
 * held by it.
 */
export async function bulkItems(kind: BulkKind, bytes: Uint8Array): Promise<BulkItem[]> {
  if (bytes.byteLength > INLINE_BULK_BYTES) return thread.check(kind, bytes);
  const checked = checkBulkBody(kind, bytes);
  if ('error' in checked) throw badRequest(checked.error);
  return checked.items;
}
