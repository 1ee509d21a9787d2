export { NotificationsProvider } from './NotificationsProvider';
export { useNotify } from './context';
export { createNotifier, type Notifier, type Notify, type NoticeSeverity } from './store';
