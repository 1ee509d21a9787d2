import { createContext, useContext } from 'react';
import type { Notify } from './store';

export const NotifyContext = createContext<Notify | null>(null);

/** `notify.success(...)`, `notify.error(...)`, `notify.info(...)`: a toast. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() needs a <NotificationsProvider>');
  return notify;
}
