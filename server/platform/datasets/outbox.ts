import type { OutboxMessage } from '../../../src/api/contract';
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

/** The notifications `sendEmail` wrote (spec 6: no mail server here), newest first. */
export async function listOutbox(
  db: Queryable,
  params: { datasetId?: string; limit: number; offset: number },
) {
  const rows = await db.query<OutboxRow>(
    `SELECT * FROM outbox WHERE ($1::text IS NULL OR dataset_id = $1)
     ORDER BY created_at DESC, recipient, id LIMIT $2 OFFSET $3`,
    [params.datasetId ?? null, params.limit, params.offset],
  );
  return rows.map(toOutboxMessage);
}
