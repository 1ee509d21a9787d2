export const datasetsPath = () => '/datasets';

export const datasetPath = (datasetId: string) =>
  `${datasetsPath()}/${encodeURIComponent(datasetId)}`;

export type DatasetTab =
  '' | 'rows' | 'sharing' | 'certification' | 'partitions' | 'exports' | 'history';

export const datasetTabPath = (datasetId: string, tab: DatasetTab) =>
  tab ? `${datasetPath(datasetId)}/${tab}` : datasetPath(datasetId);

/** Where the stream wizard lands after creating a stream: the dataset, offering to run it. */
export const newStreamPath = (datasetId: string, streamId: string | number) =>
  `${datasetPath(datasetId)}?stream=${encodeURIComponent(String(streamId))}`;

/** A stream's page, with its run history (the streams screen owns the route). */
export const streamPagePath = (streamId: string | number) =>
  `/streams/${encodeURIComponent(String(streamId))}`;
