export {
  APPS_POLL_MS,
  appQueryOptions,
  appsQueryOptions,
  getApp,
  getApps,
  useApp,
  useApps,
} from './get-apps';
export { appKeys } from './keys';
