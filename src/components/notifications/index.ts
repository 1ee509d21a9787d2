export { NotificationsProvider } from './NotificationsProvider';
export { useNotify } from './context';
export { followLocation } from './follow-location';
export { createNotifier, type Notifier, type Notify, type NoticeSeverity } from './store';
