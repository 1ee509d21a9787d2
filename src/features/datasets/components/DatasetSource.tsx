import Typography from '@mui/material/Typography';
import { useAllCollections } from '../../../api/datastores';
import { useConnectors } from '../../../api/streams/get-connectors';
import { useDatasetStreams } from '../../../api/streams/get-dataset-streams';

/**
 * Where a dataset's rows come from: the stream that loads it (by connector name), the document
 * store collection that syncs into it, or neither (written some other way, e.g. an upload).
 */
export function DatasetSource({ datasetId }: { datasetId: string }) {
  const streams = useDatasetStreams(datasetId);
  const collections = useAllCollections();
  const connectors = useConnectors();
  if (streams.data === undefined || collections.data === undefined)
    return <Typography variant="body2">{streams.isError ? 'unknown' : '…'}</Typography>;
  const stream = streams.data[0];
  if (stream) {
    const connector = connectors.data?.find((c) => c.key === stream.dataProvider.key);
    return (
      <Typography variant="body2">
        Stream · {connector?.name ?? stream.transport.description}
      </Typography>
    );
  }
  const synced = collections.data.find((c) => c.datasourceId === datasetId);
  if (synced) return <Typography variant="body2">Collection sync · {synced.name}</Typography>;
  return <Typography variant="body2">Other (upload or API)</Typography>;
}
