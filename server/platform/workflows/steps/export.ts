import { exportStep } from '../../../../src/api/contract';
import { createExport } from '../../exports/service';
import { StepFailure } from '../errors';
import { datasetForRun } from './access';
import type { StepKind } from './types';

/** Exports a dataset the run's user may read, and waits for the export to end. */
export const exportDataset: StepKind<'export'> = {
  schema: exportStep,
  resumable: false,
  live: true,
  async execute(step, ctx) {
    const { deps } = ctx;
    const datasetId = String(ctx.resolve(step.datasetId));
    const dataset = await datasetForRun(deps.db, ctx.userId, datasetId, 'read');
    const row = await createExport(
      deps,
      dataset.id,
      {
        bucket: step.bucket ?? 'workflows',
        path: step.path === undefined ? undefined : String(ctx.resolve(step.path)),
        compression: step.compression,
      },
      ctx.userId,
    );
    await ctx.log('INFO', `Export ${row.export_id} of dataset ${dataset.name} started`);
    const done = await ctx.poll(step.timeoutSeconds ?? 300, async () => {
      const [e] = await deps.db.query<{
        export_status: string;
        message: string;
        url_row_count_map: Record<string, number>;
      }>('SELECT export_status, message, url_row_count_map FROM exports WHERE export_id = $1', [
        row.export_id,
      ]);
      return e && e.export_status !== 'running' ? e : undefined;
    });
    if (done.export_status !== 'success')
      throw new StepFailure(`export ${row.export_id} ${done.export_status}: ${done.message}`);
    const rows = Object.values(done.url_row_count_map ?? {}).reduce((a, b) => a + b, 0);
    await ctx.log('INFO', `Export ${row.export_id} finished: ${rows} rows`);
    return { exportId: row.export_id, status: done.export_status, rows };
  },
};
