import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotificationsProvider, type Notifier } from '../components/notifications';
import { THEME_MODE_STORAGE_KEY, THEME_SCHEME_STORAGE_KEY, theme } from './theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  notifier: Notifier;
  children: ReactNode;
}

/** Everything a screen needs around it, except the router (the app and the tests pick their own). */
export function AppProviders({ queryClient, notifier, children }: AppProvidersProps) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={THEME_MODE_STORAGE_KEY}
      colorSchemeStorageKey={THEME_SCHEME_STORAGE_KEY}
      disableTransitionOnChange
      noSsr
    >
      <CssBaseline enableColorScheme />
      <NotificationsProvider notifier={notifier}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </NotificationsProvider>
    </ThemeProvider>
  );
}
