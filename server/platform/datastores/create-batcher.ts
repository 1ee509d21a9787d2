import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../../src/api/contract';
import type { Queryable } from '../store';
import type { DocumentRow } from './mappers';
import { collectionNotFound } from './repository';

interface PendingCreate {
  id: string;
  userId: number;
  content: JsonObject;
  resolve: (row: DocumentRow) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for single-document creates: creates that arrive for a collection while its
 * previous statement runs go in together, as one INSERT. Each request is answered only once the
 * statement holding its document has committed, so nothing acknowledged can be lost; the
 * embedded store runs one statement at a time, and 20 clients creating at once would otherwise
 * wait for 20 statements each.
 */
export class CreateBatcher {
  private readonly waiting = new Map<string, PendingCreate[]>();
  private readonly flushing = new Set<string>();

  constructor(private readonly db: Queryable) {}

  create(collectionId: string, userId: number, content: JsonObject): Promise<DocumentRow> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(collectionId) ?? [];
      queue.push({ id: randomUUID(), userId, content, resolve, reject });
      this.waiting.set(collectionId, queue);
      // A turn of the event loop first: the requests read in the same turn join the batch.
      if (!this.flushing.has(collectionId)) {
        this.flushing.add(collectionId);
        setImmediate(() => void this.flush(collectionId));
      }
    });
  }

  private async flush(collectionId: string) {
    try {
      for (;;) {
        const batch = this.waiting.get(collectionId);
        if (!batch?.length) return;
        this.waiting.delete(collectionId);
        await this.insert(collectionId, batch);
      }
    } finally {
      this.flushing.delete(collectionId);
    }
  }

  private async insert(collectionId: string, batch: PendingCreate[]) {
    try {
      // The CTE locks and marks the collection first, as lockCollection does for other writes.
      const rows = await this.db.query<DocumentRow>(
        `WITH marked AS (UPDATE collections SET sync_required = true WHERE id = $1 RETURNING id, datastore_id)
         INSERT INTO documents (id, collection_id, datastore_id, owner, created_by, updated_by,
           created_on, updated_on, sync_required, content)
         SELECT t.doc_id, marked.id, marked.datastore_id, t.user_id, t.user_id, t.user_id,
           base.at + (t.n - 1) * interval '1 microsecond', base.at + (t.n - 1) * interval '1 microsecond',
           true, t.new_content
         FROM marked, (SELECT clock_timestamp() AS at) base,
           unnest($2::text[], $3::integer[], $4::jsonb[]) WITH ORDINALITY AS t(doc_id, user_id, new_content, n)
         RETURNING *`,
        [
          collectionId,
          batch.map((p) => p.id),
          batch.map((p) => p.userId),
          batch.map((p) => JSON.stringify(p.content)),
        ],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const p of batch) {
        const row = byId.get(p.id);
        if (row) p.resolve(row);
        else p.reject(collectionNotFound(collectionId));
      }
    } catch (error) {
      // One bad document must not fail the others' creates: each goes again on its own.
      if (batch.length > 1) for (const p of batch) await this.insert(collectionId, [p]);
      else for (const p of batch) p.reject(error);
    }
  }
}
