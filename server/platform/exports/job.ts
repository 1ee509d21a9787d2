import { actingAs } from '../access/principal';
import type { JobHandler } from '../jobs/queue';
import { EXPORT_MAX_ATTEMPTS, QUEUED_WITHOUT_REQUESTER, type ExportPayload } from './run-export';
import type { ExportService } from './service';

/** The user a job without one ends as: no user, who holds nothing (access/principal.ts). */
const NO_USER = 0;

/** The job of an export: the ExportService writes it as the user who asked for it. */
export function exportHandler(exports: ExportService): JobHandler {
  return {
    async run(job, lease) {
      const payload = job.payload as unknown as ExportPayload;
      if (payload.userId === undefined) throw new Error(QUEUED_WITHOUT_REQUESTER);
      await exports.write(actingAs(payload.userId), payload, lease);
    },
    async onFailed(tx, job, reason) {
      const payload = job.payload as unknown as ExportPayload;
      await exports.fail(actingAs(payload.userId ?? NO_USER), payload, reason, tx);
    },
    maxAttempts: EXPORT_MAX_ATTEMPTS,
    async onRetry(tx, job) {
      const payload = job.payload as unknown as ExportPayload;
      await exports.retrying(actingAs(payload.userId ?? NO_USER), payload, tx);
    },
  };
}
