import type { z } from 'zod';
import type { productChangedResponse } from '@shared/contract/catalog.ts';
import type { KitchenStatusBody, MoneyBack, kitchenTicketsResponse, allDayResponse, moneyBackResponse } from '@shared/contract/kitchen.ts';
import type { ticketChangedResponse } from '@shared/contract/tickets.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { newIdempotencyKey } from '@client/lib/idempotency-key.ts';
import { everyPage } from '@client/lib/every-page.ts';

/** The kitchen board's calls (OPERATIONS.md "The kitchen board"). */

/** While the stream is down the board still refreshes this often. */
const FALLBACK_REFRESH_MS = 10_000;

export function useKitchenTickets(live: boolean) {
  return useQuery({
    queryKey: ['kitchen', 'tickets'],
    // Every open ticket, however many the day holds: every page of the board.
    queryFn: ({ signal }) => everyPage<z.infer<typeof kitchenTicketsResponse>['data'][number]>('/api/v1/kitchen/tickets', {}, signal),
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
  });
}

export function useAllDay(live: boolean) {
  return useQuery({
    queryKey: ['kitchen', 'all-day'],
    queryFn: async ({ signal }) => (await authorizedRequest<z.infer<typeof allDayResponse>>('/api/v1/kitchen/all-day', { signal })).data,
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
  });
}

export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: KitchenStatusBody & { id: string }) =>
      authorizedRequest<z.infer<typeof ticketChangedResponse>>(`/api/v1/kitchen/tickets/${encodeURIComponent(id)}/status`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['kitchen'] }),
  });
}

/** What cancelling a ticket would give back (null: no ticket asked). */
export function useMoneyBack(id: string | null) {
  return useQuery({
    queryKey: ['kitchen', 'money-back', id],
    queryFn: async ({ signal }) => (await authorizedRequest<z.infer<typeof moneyBackResponse>>(`/api/v1/kitchen/tickets/${encodeURIComponent(id ?? '')}/money-back`, { signal })).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * Cancels a ticket and records what staff gave back at the restaurant, as the dialog said
 * (POST /api/v1/bills/{id}/refunds, one key per method, made once per cancel).
 */
export function useCancelTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason, moneyBack }: { id: string; reason: string; moneyBack: MoneyBack | undefined }) => {
      const answer = await authorizedRequest<z.infer<typeof ticketChangedResponse>>(`/api/v1/kitchen/tickets/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status: 'cancelled', reason } });
      if (moneyBack?.billId) {
        for (const back of moneyBack.giveBack) {
          await authorizedRequest(`/api/v1/bills/${encodeURIComponent(moneyBack.billId)}/refunds`, { method: 'POST', body: { method: back.method, amount: back.amount, reason: `Order cancelled: ${reason}`, key: newIdempotencyKey() } });
        }
      }
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['kitchen'] }),
  });
}

/** "All day": a dish sold out, or back on (staff may switch availability only). */
export function useSetDishAvailable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, available }: { productId: string; available: boolean }) =>
      authorizedRequest<z.infer<typeof productChangedResponse>>(`/api/v1/allProductsData/${encodeURIComponent(productId)}`, { method: 'PATCH', body: { available } }),
    // The menu everywhere shows it at once.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
