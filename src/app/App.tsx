import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createNotifier, followLocation } from '../components/notifications';
import { AppProviders } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [notifier] = useState(createNotifier);
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(() =>
    createQueryClient(notifier.notify, {
      // Loaded when an answer first asks for a sign-in (team sign-in only), not with the page.
      onSignInRequired: (error, client) =>
        void import('./sign-in-redirect').then(({ sendToSignIn }) =>
          sendToSignIn(router)(error, client),
        ),
    }),
  );
  useEffect(() => followLocation(router, notifier), [router, notifier]);
  return (
    <AppProviders queryClient={queryClient} notifier={notifier}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
