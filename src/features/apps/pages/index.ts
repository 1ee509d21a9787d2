export { AppsPage } from './AppsPage';
export { AppPage } from './AppPage';
