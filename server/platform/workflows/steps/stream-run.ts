import { streamRunStep } from '../../../../src/api/contract';
import { StepFailure } from '../errors';
import type { StepKind } from './types';

/**
 * Runs a stream as the run's user through the streams service, which asks what the streams
 * route asks (`POST .../executions`: edit access to the stream's dataset), and waits for the
 * execution to end.
 */
export const streamRun: StepKind<'stream.run'> = {
  schema: streamRunStep,
  resumable: false,
  live: true,
  async execute(step, ctx) {
    const { streams } = ctx.services;
    const id = String(ctx.resolve(step.streamId));
    const execution = await streams.start(ctx.actor, id);
    const stream = await streams.get(ctx.actor, id);
    await ctx.log(
      'INFO',
      `Stream ${stream.id} of dataset ${stream.dataset_name}: execution ${execution.id} started`,
    );
    const done = await ctx.poll(step.timeoutSeconds ?? 300, async () => {
      const e = await streams.execution(ctx.actor, id, String(execution.id));
      return e.state !== 'ACTIVE' ? e : undefined;
    });
    if (done.state !== 'SUCCESS')
      throw new StepFailure(
        `stream ${stream.id} of dataset ${stream.dataset_name}: execution ${execution.id} ended in ${done.state}: ${done.error_message ?? ''}`,
      );
    await ctx.log(
      'INFO',
      `Stream ${stream.id} of dataset ${stream.dataset_name} inserted ${done.rows_inserted} rows`,
    );
    return { executionId: execution.id, state: done.state, rowsInserted: done.rows_inserted };
  },
};
