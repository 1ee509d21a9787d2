import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { NotifyContext } from './context';
import type { Notifier } from './store';

const Toast = lazy(() => import('./Toast'));

/** Shows the toast of the screen the user is on; a new one replaces it (see createNotifier). */
export function NotificationsProvider({
  notifier,
  children,
}: {
  notifier: Notifier;
  children: ReactNode;
}) {
  const queue = useSyncExternalStore(notifier.subscribe, notifier.getSnapshot);
  const current = queue[0];

  return (
    <NotifyContext value={notifier.notify}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <Toast key={current.id} notice={current} onDismiss={notifier.dismiss} />
        </Suspense>
      )}
    </NotifyContext>
  );
}
