import { useSearchParams } from 'react-router';
import { useDatasetStreams } from '../../../api/streams/get-dataset-streams';
import { useStream } from '../../../api/streams/get-stream';

/**
 * The stream that loads a dataset. The stream wizard lands here with `?stream=<id>` right after
 * creating one: that stream is read directly (and offered to run); otherwise the dataset's first.
 */
export function useDatasetStream(datasetId: string) {
  const [params] = useSearchParams();
  const justCreated = params.get('stream') ?? undefined;
  const named = useStream(justCreated);
  const ofDataset = useDatasetStreams(datasetId, { enabled: justCreated === undefined });
  const query = justCreated === undefined ? ofDataset : named;
  const stream = justCreated === undefined ? ofDataset.data?.[0] : named.data;
  return {
    stream: stream ?? null,
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
    justCreated: justCreated !== undefined && stream !== undefined,
  };
}
