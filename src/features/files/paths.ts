export const dataFilesPath = () => '/files';

export const dataFilePath = (dataFileId: number) => `/files/${encodeURIComponent(dataFileId)}`;
