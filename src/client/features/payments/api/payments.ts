import type { z } from 'zod';
import type { PaymentProviderName, paymentResponse, providersResponse } from '@shared/contract/payments.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath, apiRequest } from '@client/lib/api-client.ts';

/** Payments (docs/reference/ordering.md "Payments"): the providers on offer, and one payment as the server learnt it from its provider. */

export function usePaymentProviders() {
  return useQuery({
    queryKey: ['payments', 'providers'],
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof providersResponse>>('/api/v1/payments/providers', { signal })).data.map(
        (p) => p.provider,
      ),
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
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<z.infer<typeof paymentResponse>>(
          apiPath(`/api/v1/payments/${encodeURIComponent(id)}`, returned),
          { signal },
        )
      ).data,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  });
}

/**
 * POST /api/v1/payments `{ billId, provider, amount?, tip?, key }`: an online payment of a bill's
 * due now, or of a share of it (`amount`), + tip; its answer carries the provider's page (`redirectUrl`). The caller makes the key once
 * per attempt and sends it again on a retry, so a double click or a lost answer makes one payment.
 */
export function usePayBillOnline() {
  return useMutation({
    mutationFn: async (body: {
      billId: string;
      provider: PaymentProviderName;
      amount?: number;
      tip?: number;
      key: string;
    }) => (await authorizedRequest<z.infer<typeof paymentResponse>>('/api/v1/payments', { method: 'POST', body })).data,
  });
}
