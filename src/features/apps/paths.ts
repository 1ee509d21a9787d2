export const appsPath = () => '/apps';
export const appPath = (id: string) => `/apps/${encodeURIComponent(id)}`;

// What an app maps, on the screens that own them (a feature does not import another's paths).
export const datastoreHref = (datastoreId: string) =>
  `/datastores/${encodeURIComponent(datastoreId)}`;
export const collectionHref = (datastoreId: string, collectionId: string) =>
  `${datastoreHref(datastoreId)}/collections/${encodeURIComponent(collectionId)}`;
export const datasetHref = (datasetId: string) => `/datasets/${encodeURIComponent(datasetId)}`;
export const workflowHref = (workflowId: string) => `/workflows/${encodeURIComponent(workflowId)}`;
