export { NewStreamPage } from './NewStreamPage';
