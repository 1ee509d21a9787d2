export { DatasetExportsTab } from './DatasetExportsTab';
export { ExportsDashboardPage } from './ExportsDashboardPage';
