export { DataFilePage } from './DataFilePage';
export { DataFilesPage } from './DataFilesPage';
