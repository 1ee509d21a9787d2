export { DatasetsPage } from './DatasetsPage';
export { DatasetPage } from './DatasetPage';
export { OverviewTab } from './OverviewTab';
export { SharingTab } from './SharingTab';
export { CertificationTab } from './CertificationTab';
export { PartitionsTab } from './PartitionsTab';
export { RowsTab } from './RowsTab';
export { HistoryTab } from './HistoryTab';
