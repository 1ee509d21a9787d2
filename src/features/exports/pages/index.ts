export { DatasetExportsTab } from './DatasetExportsTab';
export { ExportsDashboardPage } from './ExportsDashboardPage';
export { ExportPage } from './ExportPage';
