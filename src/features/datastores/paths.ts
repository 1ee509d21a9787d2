export const datastoresPath = () => '/datastores';

export const datastorePath = (datastoreId: string) =>
  `${datastoresPath()}/${encodeURIComponent(datastoreId)}`;

export const collectionPath = (datastoreId: string, collectionId: string) =>
  `${datastorePath(datastoreId)}/collections/${encodeURIComponent(collectionId)}`;
