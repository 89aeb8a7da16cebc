import type { z } from 'zod';
import type { StaffOrderInput } from '@shared/contract/staff-orders.ts';
import type { ticketChangedResponse } from '@shared/contract/tickets.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';

/**
 * POST /api/v1/tickets (staff): an order taken by phone, at the counter or at a table. The body
 * carries the order's `key`, made once per order the page means to place: sending it again (a
 * retry after a lost answer) answers the ticket already placed and never places a second one.
 */
export function useSendStaffOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffOrderInput) => authorizedRequest<z.infer<typeof ticketChangedResponse>>('/api/v1/tickets', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['kitchen'] }),
  });
}
