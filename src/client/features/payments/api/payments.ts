import type { z } from 'zod';
import type { paymentResponse, providersResponse } from '@shared/contract/payments.ts';
import { useQuery } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath, apiRequest } from '@client/lib/api-client.ts';

/** Payments (ORDERING.md "Payments"): the providers on offer, and one payment as the server learnt it from its provider. */

export function usePaymentProviders() {
  return useQuery({
    queryKey: ['payments', 'providers'],
    queryFn: async ({ signal }) => (await apiRequest<z.infer<typeof providersResponse>>('/api/v1/payments/providers', { signal })).data.map((p) => p.provider),
    staleTime: 5 * 60_000,
  });
}

/**
 * A payment, asked again every 3 seconds while it is pending (the server asks the provider each
 * time). `returned` is what the provider's return address said, passed on and never believed alone.
 */
export function usePayment(id: string, returned: Record<string, string | undefined>) {
  return useQuery({
    // What the return address said is part of the key: the demo's confirmation (status=success) asks at once.
    queryKey: ['payments', id, returned.status ?? ''],
    queryFn: async ({ signal }) => (await authorizedRequest<z.infer<typeof paymentResponse>>(apiPath(`/api/v1/payments/${encodeURIComponent(id)}`, returned), { signal })).data,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  });
}
