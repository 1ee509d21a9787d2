export const calculatedFieldsPath = () => '/calculated-fields';

/** A dataset's page (the route belongs to the datasets screen; features do not import others). */
export const datasetPath = (datasetId: string) => `/datasets/${encodeURIComponent(datasetId)}`;
