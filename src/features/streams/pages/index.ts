export { NewStreamPage } from './NewStreamPage';
export { StreamPage } from './StreamPage';
export { StreamsPage } from './StreamsPage';
