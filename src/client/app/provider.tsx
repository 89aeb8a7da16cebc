import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '@client/data/account-session.tsx';
import { createQueryClient } from '@client/lib/query-client.ts';

/**
 * App-wide providers: server data (TanStack Query) and who is signed in. `client` is one that
 * already holds the data a server-rendered page was made from (main.tsx, entry-server.tsx).
 */
export function AppProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
