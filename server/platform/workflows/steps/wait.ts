import { waitStep } from '../../../../src/api/contract';
import type { StepKind } from './types';

/** Waits its seconds from when it first started: a resumed wait waits what is left. */
export const wait: StepKind<'wait'> = {
  schema: waitStep,
  resumable: true,
  live: true,
  async execute(step, ctx) {
    const started = new Date(ctx.state.startedAt ?? Date.now()).getTime();
    await ctx.log('INFO', `Waiting ${step.seconds} s`);
    await ctx.waitUntil(started + step.seconds * 1000);
    return { waitedSeconds: step.seconds };
  },
};
