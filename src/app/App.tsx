import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createNotifier, followLocation } from '../components/notifications';
import { AppProviders } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { sendToSignIn } from './sign-in-redirect';

export function App() {
  const [notifier] = useState(createNotifier);
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(() =>
    createQueryClient(notifier.notify, { onSignInRequired: sendToSignIn(router) }),
  );
  useEffect(() => followLocation(router, notifier), [router, notifier]);
  return (
    <AppProviders queryClient={queryClient} notifier={notifier}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
