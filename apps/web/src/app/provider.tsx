import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Notifications } from '../lib/notifications.tsx';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

/** Theme, query cache and notifications of the app's routes (tests may pass a cache of their own). */
export function AppProvider({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
        <Notifications />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
