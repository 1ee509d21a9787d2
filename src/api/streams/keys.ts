type Id = string | number;

/**
 * Query keys of streams (the stream wizard and the dataset page share them), from general to
 * specific: invalidating a key also invalidates every key that starts with it (a stream's detail
 * key covers its executions). Ids are keyed as strings, so 7 and '7' name the same entry.
 */
export const streamKeys = {
  all: ['streams'] as const,
  /** Every stream the user may see (the Streams screen). */
  list: () => [...streamKeys.all, 'list'] as const,
  details: () => [...streamKeys.all, 'detail'] as const,
  detail: (streamId: Id) => [...streamKeys.details(), String(streamId)] as const,
  /** The streams that load one dataset (`GET /api/data/v1/streams?datasetId=`). */
  ofDataset: (datasetId: string) => [...streamKeys.all, 'dataset', datasetId] as const,
  executions: (streamId: Id) => [...streamKeys.detail(streamId), 'executions'] as const,
  execution: (streamId: Id, executionId: Id) =>
    [...streamKeys.executions(streamId), String(executionId)] as const,
  connectors: () => [...streamKeys.all, 'connectors'] as const,
  accounts: () => [...streamKeys.all, 'accounts'] as const,
};
