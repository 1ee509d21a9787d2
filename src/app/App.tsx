import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createNotifier, followLocation } from '../components/notifications';
import { AppProviders } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [notifier] = useState(createNotifier);
  const [queryClient] = useState(() => createQueryClient(notifier.notify));
  const [router] = useState(createAppRouter);
  useEffect(() => followLocation(router, notifier), [router, notifier]);
  return (
    <AppProviders queryClient={queryClient} notifier={notifier}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
