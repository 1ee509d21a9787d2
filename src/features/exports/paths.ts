export const exportsDashboardPath = () => '/exports';

/** A dataset's Exports tab (the route lives among the dataset page's tabs). */
export const datasetExportsPath = (datasetId: string) =>
  `/datasets/${encodeURIComponent(datasetId)}/exports`;
