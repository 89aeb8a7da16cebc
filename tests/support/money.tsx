import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A query client for a component test whose amounts come from the restaurant's settings
 * (useMoney): the settings hold `currency`, and nothing is read from a server.
 */
export function moneyClient(currency?: string): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  if (currency !== undefined) client.setQueryData(['restaurant'], { currency });
  return client;
}

export function WithMoney({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
