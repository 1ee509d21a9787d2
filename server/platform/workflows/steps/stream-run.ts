import { streamRunStep } from '../../../../src/api/contract';
import { PlatformError } from '../../core/errors';
import { getStream } from '../../streams/repository';
import { startExecution } from '../../streams/run-job';
import { StepFailure } from '../errors';
import { datasetForRun } from './access';
import type { StepKind } from './types';

/**
 * Runs a stream and waits for its execution. The run's user needs what the streams route asks
 * (`POST .../executions`): CAN_EDIT on the stream's dataset.
 */
export const streamRun: StepKind<'stream.run'> = {
  schema: streamRunStep,
  resumable: false,
  live: true,
  async execute(step, ctx) {
    const { deps } = ctx;
    const id = String(ctx.resolve(step.streamId));
    // A stream of a dataset the user may not see is not found, as for the streams routes.
    const notFound = `stream ${id} not found, or the user who started the run has no access to it`;
    const stream = await getStream(deps.db, id).catch((error: unknown) => {
      if (error instanceof PlatformError && error.status === 404) throw new StepFailure(notFound);
      throw error;
    });
    await datasetForRun(
      deps.db,
      ctx.userId,
      stream.dataset_id,
      'edit',
      `dataset ${stream.dataset_name} of stream ${stream.id}`,
      notFound,
    );
    const execution = await startExecution(deps, stream, 'MANUAL', ctx.userId);
    await ctx.log(
      'INFO',
      `Stream ${stream.id} of dataset ${stream.dataset_name}: execution ${execution.id} started`,
    );
    const done = await ctx.poll(step.timeoutSeconds ?? 300, async () => {
      const [e] = await deps.db.query<{
        state: string;
        rows_inserted: number;
        error_message: string | null;
      }>('SELECT state, rows_inserted, error_message FROM stream_executions WHERE id = $1', [
        execution.id,
      ]);
      return e && e.state !== 'ACTIVE' ? e : undefined;
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
