import { actingAs } from '../access/principal';
import type { JobHandler } from '../jobs/queue';
import { EXPERIMENT_RUN_ATTEMPTS, type ExperimentJob, type ExperimentService } from './service';

/** Experiments one process runs at once; each runs its own cells at its own concurrency. */
const RUNS_PER_PROCESS = 4;

/**
 * The job of an experiment's run: the ExperimentService runs it as the experiment's owner. Any
 * process may take it (it needs nothing of the process that queued it); one that stops hands it
 * back, and the next run goes on from the cells left unfinished.
 */
export function experimentRunHandler(experiments: ExperimentService): JobHandler {
  return {
    async run(job, lease) {
      const { experimentId, userId } = job.payload as unknown as ExperimentJob;
      await experiments.run(actingAs(userId), experimentId, lease);
    },
    async onFailed(tx, job, reason) {
      const { experimentId, userId } = job.payload as unknown as ExperimentJob;
      await experiments.fail(actingAs(userId), experimentId, reason, tx);
    },
    maxAttempts: EXPERIMENT_RUN_ATTEMPTS,
    background: true,
    shared: true,
    concurrency: RUNS_PER_PROCESS,
  };
}
