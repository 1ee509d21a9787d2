import type { OutboxMessage } from '../../../src/api/contract';
import { visibleOutboxSql } from '../access/outbox';
import type { Queryable } from '../store';

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
  dataset_id: string | null;
}

const toOutboxMessage = (r: OutboxRow): OutboxMessage => ({
  id: r.id,
  to: r.recipient,
  subject: r.subject,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
  datasetId: r.dataset_id,
});

/**
 * The notifications `sendEmail` and workflows wrote (spec 6: no mail server here) that `viewerId`
 * may read (access/outbox.ts: his own; an Admin's, all), newest first.
 */
export async function listOutbox(
  db: Queryable,
  viewerId: number,
  params: { datasetId?: string; limit: number; offset: number },
) {
  const rows = await db.query<OutboxRow>(
    `SELECT o.* FROM outbox o WHERE ($1::text IS NULL OR o.dataset_id = $1) AND ${visibleOutboxSql('$4')}
     ORDER BY o.created_at DESC, o.recipient, o.id LIMIT $2 OFFSET $3`,
    [params.datasetId ?? null, params.limit, params.offset, viewerId],
  );
  return rows.map(toOutboxMessage);
}
