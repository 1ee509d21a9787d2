import { useSyncExternalStore, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { NotifyContext } from './context';
import type { NoticeSeverity, Notifier } from './store';

const hideAfterMs: Record<NoticeSeverity, number> = { success: 4000, info: 6000, error: 10000 };

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
        <Snackbar
          key={current.id}
          open
          autoHideDuration={hideAfterMs[current.severity]}
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') notifier.dismiss();
          }}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert severity={current.severity} variant="filled" onClose={notifier.dismiss}>
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </NotifyContext>
  );
}
