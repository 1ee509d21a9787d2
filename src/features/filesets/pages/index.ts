export { FilesetSearchPage } from './FilesetSearchPage';
