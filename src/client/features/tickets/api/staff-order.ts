import type { z } from 'zod';
import type { StaffOrderInput, StaffQuoteInput } from '@shared/contract/staff-orders.ts';
import type { quoteResponse, ticketChangedResponse } from '@shared/contract/tickets.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { sendOrQueue } from '@client/lib/offline-queue.ts';

/**
 * POST /api/v1/tickets (staff): an order taken by phone, at the counter or at a table. The body
 * carries the order's `key`, made once per order the page means to place: sending it again (a
 * retry after a lost answer) answers the ticket already placed and never places a second one.
 */
export function useSendStaffOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it is kept in the outbox with its key (docs/decisions/044): the server numbers it and makes its promise when it arrives.
    mutationFn: ({ body, label }: { body: StaffOrderInput; label: string }) =>
      sendOrQueue<z.infer<typeof ticketChangedResponse>>({
        method: 'POST',
        path: '/api/v1/tickets',
        body: body as unknown as Record<string, unknown>,
        key: body.key,
        label,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['kitchen'] }),
  });
}

/** POST /api/v1/tickets/quote: the total, the ASAP promise and the free times for the order being taken (null: nothing to ask yet). */
export function useStaffQuote(body: StaffQuoteInput | null) {
  return useQuery({
    queryKey: ['tickets', 'staff-quote', body],
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<z.infer<typeof quoteResponse>>('/api/v1/tickets/quote', {
          method: 'POST',
          body,
          signal,
        })
      ).data,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // The promise moves with the kitchen: ask again every half minute while the caller decides.
    refetchInterval: 30_000,
  });
}
