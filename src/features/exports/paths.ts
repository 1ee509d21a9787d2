export const exportsDashboardPath = () => '/exports';

/** A dataset's Exports tab (the route lives among the dataset page's tabs). */
export const datasetExportsPath = (datasetId: string) =>
  `/datasets/${encodeURIComponent(datasetId)}/exports`;

/** An export's page: the dataset is in the path, as a real instance reads exports per dataset. */
export const exportPath = (datasetId: string, exportId: string) =>
  `/exports/${encodeURIComponent(datasetId)}/${encodeURIComponent(exportId)}`;
