import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * Menu data changes rarely: keep it fresh for a minute (the server's max-age), retry a
 * failed read once unless the server said the request itself was wrong (4xx).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Offline, a read still runs: a staff screen's answers from what the device kept (api-client.ts).
        networkMode: 'always',
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      // Offline, a write still runs: a staff screen's keeps it in the outbox, a guest's says it failed.
      mutations: { networkMode: 'always' },
    },
  });
}
