import { failStep } from '../../../../src/api/contract';
import { StepFailure } from '../errors';
import { holds } from '../references';
import type { StepKind } from './types';

/** Fails the run with its message when its condition holds (always, without one). */
export const fail: StepKind<'fail'> = {
  schema: failStep,
  resumable: true,
  live: false,
  async execute(step, ctx) {
    if (holds(step.when, ctx.refs)) throw new StepFailure(String(ctx.resolve(step.message)));
    await ctx.log('DEBUG', 'The condition does not hold: the run goes on');
    return { failed: false };
  },
};
