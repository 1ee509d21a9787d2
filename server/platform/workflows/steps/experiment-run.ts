import { experimentRunStep } from '../../../../src/api/contract';
import { StepFailure } from '../errors';
import type { StepKind } from './types';

/** How long the step waits for its experiment when the step says nothing. */
const DEFAULT_TIMEOUT_SECONDS = 600;

/**
 * Starts a prompt experiment as the run's user, through the experiments service the route calls
 * (which reads the cases as that user), and waits for it to end. An experiment that FAILED fails
 * the step; one cancelled (from the console) ends it with its state.
 */
export const experimentRun: StepKind<'experiment.run'> = {
  schema: experimentRunStep,
  resumable: false,
  live: true,
  async execute(step, ctx) {
    const { experiments } = ctx.services;
    const started = await experiments.create(ctx.actor, ctx.resolve(step.experiment));
    await ctx.log(
      'INFO',
      `Experiment ${started.id} started: ${started.progress.total} calls over ${started.datasetName}`,
    );
    const done = await ctx.poll(step.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, async () => {
      const now = await experiments.get(ctx.actor, started.id);
      return ['QUEUED', 'RUNNING'].includes(now.state) ? undefined : now;
    });
    if (done.state === 'FAILED')
      throw new StepFailure(`experiment ${done.id} failed: ${done.error ?? 'no reason'}`);
    await ctx.log(
      'INFO',
      `Experiment ${done.id} ${done.state}: ${done.progress.done} done, ${done.progress.failed} failed`,
    );
    return { experimentId: done.id, state: done.state, summary: done.summary };
  },
};
