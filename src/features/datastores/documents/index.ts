export { DocumentsTab } from './pages/DocumentsTab';
