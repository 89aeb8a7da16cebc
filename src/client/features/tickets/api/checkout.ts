import type { z } from 'zod';
import type {
  CheckoutInput,
  Fulfilment,
  Ticket,
  checkoutResponse,
  quoteResponse,
  ticketListResponse,
  ticketResponse,
} from '@shared/contract/tickets.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath } from '@client/lib/api-client.ts';
import { everyPage } from '@client/lib/every-page.ts';

/** The checkout calls (docs/reference/operations.md "Tickets"): a quote for the chosen lines, placing them, the guest's tickets. */

/** The price and the times the kitchen can promise for the chosen lines (GET /api/v1/checkout/quote). */
export type Quote = z.infer<typeof quoteResponse>['data'];

export function useQuote(fulfilment: Fulfilment, orderIds: string[], enabled = true) {
  return useQuery({
    queryKey: ['checkout', 'quote', fulfilment, orderIds.join(',')],
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<z.infer<typeof quoteResponse>>(
          apiPath('/api/v1/checkout/quote', { fulfilment, orderIds: orderIds.join(',') }),
          { signal },
        )
      ).data,
    enabled: enabled && orderIds.length > 0,
    // The promise moves with the kitchen: ask again every half minute while the guest decides.
    refetchInterval: 30_000,
  });
}

export function usePlaceTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutInput) =>
      authorizedRequest<z.infer<typeof checkoutResponse>>('/api/v1/checkout', { method: 'POST', body }),
    // The placed lines have no quote any more: forget it rather than ask again.
    onSuccess: () => queryClient.removeQueries({ queryKey: ['checkout'] }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['user-record'] }),
        queryClient.invalidateQueries({ queryKey: ['tickets'] }),
      ]),
  });
}

export function useMyTickets() {
  return useQuery({
    queryKey: ['tickets', 'mine'],
    queryFn: ({ signal }) =>
      everyPage<z.infer<typeof ticketListResponse>['data'][number]>('/api/v1/tickets/mine', {}, signal),
  });
}

/** One ticket, starting from what is already known (the placed answer), reloaded by live events. */
export function useTicket(initial: Ticket) {
  return useQuery({
    queryKey: ['tickets', initial._id],
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<z.infer<typeof ticketResponse>>(`/api/v1/tickets/${encodeURIComponent(initial._id)}`, {
          signal,
        })
      ).data,
    initialData: initial,
  });
}
