import { exportStep } from '../../../../src/api/contract';
import { StepFailure } from '../errors';
import type { StepKind } from './types';

/**
 * Exports a dataset as the run's user through the exports service (who needs read access to
 * it), and waits for the export to end.
 */
export const exportDataset: StepKind<'export'> = {
  schema: exportStep,
  resumable: false,
  live: true,
  async execute(step, ctx) {
    const { exports } = ctx.services;
    const datasetId = String(ctx.resolve(step.datasetId));
    const row = await exports.start(ctx.actor, datasetId, {
      bucket: step.bucket ?? 'workflows',
      path: step.path === undefined ? undefined : String(ctx.resolve(step.path)),
      compression: step.compression,
    });
    const started = await exports.details(ctx.actor, row.export_id);
    await ctx.log('INFO', `Export ${row.export_id} of dataset ${started.datasetName} started`);
    const done = await ctx.poll(step.timeoutSeconds ?? 300, async () => {
      const { record } = await exports.details(ctx.actor, row.export_id);
      return record.exportStatus !== 'running' ? record : undefined;
    });
    if (done.exportStatus !== 'success')
      throw new StepFailure(`export ${row.export_id} ${done.exportStatus}: ${done.message}`);
    const rows = Object.values(done.urlRowCountMap ?? {}).reduce((a, b) => a + b, 0);
    await ctx.log('INFO', `Export ${row.export_id} finished: ${rows} rows`);
    return { exportId: row.export_id, status: done.exportStatus, rows };
  },
};
