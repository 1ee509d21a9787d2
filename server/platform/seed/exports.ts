import { z } from 'zod';
import { createExportBody, exportRecord } from '../../../src/api/contract';
import type { Queryable } from '../store';
import { SALES_DATASET_ID, WEB_TRAFFIC_DATASET_ID } from './datasets';
import { readData } from './load';
import { TARGETS_DATASET_ID } from './streams';

/** `data/exports.json`: where the sample exports went, why one failed, and when each ran. */
const sample = readData(
  'exports.json',
  z.strictObject({
    target: createExportBody
      .pick({ bucket: true, region: true, compression: true })
      .required()
      .extend(exportRecord.pick({ exportFormat: true }).shape)
      .strict(),
    failure: exportRecord.pick({ errorCode: true, message: true }).strict(),
    history: z.array(
      z.strictObject({
        daysAgo: z.number().int().min(0),
        seconds: z.number().int().min(1),
        ok: z.boolean(),
      }),
    ),
  }),
);

/** A few finished exports over the last days, so the export history and dashboard are not empty. */
export async function seedExports(tx: Queryable) {
  const datasets = await tx.query<{ id: string; data_version: number; row_count: number }>(
    // Named, not the first three by name: more sample datasets must not move the history.
    `SELECT id, data_version, row_count FROM datasets WHERE id = ANY($1::text[]) AND row_count > 0
     ORDER BY name`,
    [[TARGETS_DATASET_ID, SALES_DATASET_ID, WEB_TRAFFIC_DATASET_ID]],
  );
  const { target, failure } = sample;
  let n = 0;
  for (const d of datasets)
    for (const s of sample.history) {
      n += 1;
      const id = `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const started = new Date(Date.now() - s.daysAgo * 86_400_000 - n * 3_600_000);
      const finished = new Date(started.getTime() + s.seconds * 1000);
      const key = `${d.id}/${id}/export/data.${target.exportFormat}`;
      await tx.query(
        `INSERT INTO exports (export_id, dataset_id, bucket, path, region, compression, export_format,
           export_status, error_code, message, started, finished, url_row_count_map, data_version, request_fingerprint)
         VALUES ($1, $2, $3, $2, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'seed')`,
        [
          id,
          d.id,
          target.bucket,
          target.region,
          target.compression,
          target.exportFormat,
          s.ok ? 'success' : 'failed',
          s.ok ? '' : failure.errorCode,
          s.ok ? '' : failure.message,
          started,
          finished,
          JSON.stringify(s.ok ? { [`s3://${target.bucket}/${key}`]: d.row_count } : {}),
          d.data_version,
        ],
      );
    }
}
