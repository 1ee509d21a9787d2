import type { Queryable } from '../store';
import { SALES_DATASET_ID, WEB_TRAFFIC_DATASET_ID } from './datasets';
import { TARGETS_DATASET_ID } from './streams';

/** A few finished exports over the last days, so the export history and dashboard are not empty. */
export async function seedExports(tx: Queryable) {
  const datasets = await tx.query<{ id: string; data_version: number; row_count: number }>(
    // Named, not the first three by name: more sample datasets must not move the history.
    `SELECT id, data_version, row_count FROM datasets WHERE id = ANY($1::text[]) AND row_count > 0
     ORDER BY name`,
    [[TARGETS_DATASET_ID, SALES_DATASET_ID, WEB_TRAFFIC_DATASET_ID]],
  );
  const samples = [
    { daysAgo: 6, seconds: 42, ok: true },
    { daysAgo: 4, seconds: 65, ok: false },
    { daysAgo: 2, seconds: 38, ok: true },
    { daysAgo: 1, seconds: 51, ok: true },
  ];
  let n = 0;
  for (const d of datasets)
    for (const s of samples) {
      n += 1;
      const id = `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const started = new Date(Date.now() - s.daysAgo * 86_400_000 - n * 3_600_000);
      const finished = new Date(started.getTime() + s.seconds * 1000);
      const key = `${d.id}/${id}/export/data.csv`;
      await tx.query(
        `INSERT INTO exports (export_id, dataset_id, bucket, path, region, compression, export_format,
           export_status, error_code, message, started, finished, url_row_count_map, data_version, request_fingerprint)
         VALUES ($1, $2, 'analytics-exports', $2, 'eu-west-1', 'none', 'csv', $3, $4, $5, $6, $7, $8, $9, 'seed')`,
        [
          id,
          d.id,
          s.ok ? 'success' : 'failed',
          s.ok ? '' : 'EXPORT_FAILED',
          s.ok ? '' : 'Access Denied: the bucket policy does not allow PutObject for this key',
          started,
          finished,
          JSON.stringify(s.ok ? { [`s3://analytics-exports/${key}`]: d.row_count } : {}),
          d.data_version,
        ],
      );
    }
}
