export { DatastorePage } from './DatastorePage';
export { CollectionPage } from './CollectionPage';
export { CollectionDetailsTab } from './CollectionDetailsTab';
export { CollectionHistoryTab } from './CollectionHistoryTab';
