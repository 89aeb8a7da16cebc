import type { CheckoutInput, Fulfilment, Ticket } from '@shared/contract/tickets.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath } from '@client/lib/api-client.ts';

/** The checkout calls (OPERATIONS.md "Tickets"): a quote for the chosen lines, placing them, the guest's tickets. */

export interface Quote {
  subtotal: number;
  deliveryFee: number;
  total: number;
  asap: { readyAt: string; arriveAt?: string } | null;
  times: { date: string; time: string; readyAt: string }[];
}

export function useQuote(fulfilment: Fulfilment, orderIds: string[], enabled = true) {
  return useQuery({
    queryKey: ['checkout', 'quote', fulfilment, orderIds.join(',')],
    queryFn: async ({ signal }) => (await authorizedRequest<{ data: Quote }>(apiPath('/api/v1/checkout/quote', { fulfilment, orderIds: orderIds.join(',') }), { signal })).data,
    enabled: enabled && orderIds.length > 0,
    // The promise moves with the kitchen: ask again every half minute while the guest decides.
    refetchInterval: 30_000,
  });
}

export function usePlaceTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutInput) =>
      authorizedRequest<{ success: true; message: string; data: Ticket }>('/api/v1/checkout', { method: 'POST', body }),
    // The placed lines have no quote any more: forget it rather than ask again.
    onSuccess: () => queryClient.removeQueries({ queryKey: ['checkout'] }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['user-record'] }), queryClient.invalidateQueries({ queryKey: ['tickets'] })]),
  });
}

export function useMyTickets() {
  return useQuery({ queryKey: ['tickets', 'mine'], queryFn: async ({ signal }) => (await authorizedRequest<{ data: Ticket[] }>('/api/v1/tickets/mine', { signal })).data });
}

/** One ticket, starting from what is already known (the placed answer), reloaded by live events. */
export function useTicket(initial: Ticket) {
  return useQuery({
    queryKey: ['tickets', initial._id],
    queryFn: async ({ signal }) => (await authorizedRequest<{ data: Ticket }>(`/api/v1/tickets/${encodeURIComponent(initial._id)}`, { signal })).data,
    initialData: initial,
  });
}
