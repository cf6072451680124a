import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache: the app's provider and the public pages' deferred data share it. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
