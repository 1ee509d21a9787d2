export { ActivityPage } from './ActivityPage';
