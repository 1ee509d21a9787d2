export { CollectionSettingsTab } from './CollectionSettingsTab';
