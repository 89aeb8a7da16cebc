import type { z } from 'zod';
import type { productChangedResponse } from '@shared/contract/catalog.ts';
import type { KitchenStatusBody, MoneyBack, kitchenTicketsResponse, allDayResponse, moneyBackResponse } from '@shared/contract/kitchen.ts';
import type { ticketChangedResponse } from '@shared/contract/tickets.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { newIdempotencyKey } from '@client/lib/idempotency-key.ts';
import { everyPage } from '@client/lib/every-page.ts';
import { OFFLINE_TEXT } from '@shared/texts.ts';
import { t } from '@shared/i18n/i18n.ts';
import { sendOrQueue } from '@client/lib/offline-queue.ts';
import { waitingWrites } from '@client/lib/offline-store.ts';
import { giveBackLabel, moveLabel } from '../components/kitchen-words.ts';

/** The kitchen board's calls (docs/reference/operations.md "The kitchen board"). */

/** While the stream is down the board still refreshes this often. */
const FALLBACK_REFRESH_MS = 10_000;

export function useKitchenTickets(live: boolean) {
  return useQuery({
    queryKey: ['kitchen', 'tickets'],
    // Every open ticket, however many the day holds: every page of the board.
    queryFn: async ({ signal }) => withQueuedMoves(await everyPage<z.infer<typeof kitchenTicketsResponse>['data'][number]>('/api/v1/kitchen/tickets', {}, signal)),
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

const STATUS_PATH = /^\/api\/v1\/kitchen\/tickets\/([^/]+)\/status$/;

/** The board as the server answered it (or as the device kept it), with the moves still waiting in the outbox applied: a card moved offline stays moved. */
async function withQueuedMoves<T extends { _id: string; status: string }>(tickets: T[]): Promise<T[]> {
  const moved = new Map<string, string>();
  for (const write of await waitingWrites().catch(() => [])) {
    const id = STATUS_PATH.exec(write.path)?.[1];
    if (id !== undefined) moved.set(decodeURIComponent(id), String(write.body.status));
  }
  return moved.size === 0 ? tickets : tickets.map((ticket) => (moved.has(ticket._id) ? { ...ticket, status: moved.get(ticket._id) as string } : ticket));
}

/** A ticket moved on, with a key: sent now, or kept in the outbox while offline and sent once the connection is back. */
function moveTicket(id: string, number: string, body: KitchenStatusBody) {
  const key = newIdempotencyKey();
  return sendOrQueue<z.infer<typeof ticketChangedResponse>>({ method: 'POST', path: `/api/v1/kitchen/tickets/${encodeURIComponent(id)}/status`, body: { ...body, key }, key, label: moveLabel(number, body.status) });
}

export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, number, ...body }: KitchenStatusBody & { id: string; number: string }) => {
      const sent = await moveTicket(id, number, body);
      return sent.queued ? { message: OFFLINE_TEXT.queued } : sent.answer;
    },
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
    mutationFn: async ({ id, number, reason, moneyBack }: { id: string; number: string; reason: string; moneyBack: MoneyBack | undefined }) => {
      const sent = await moveTicket(id, number, { status: 'cancelled', reason });
      if (moneyBack?.billId) {
        for (const back of moneyBack.giveBack) {
          const key = newIdempotencyKey();
          await sendOrQueue({ method: 'POST', path: `/api/v1/bills/${encodeURIComponent(moneyBack.billId)}/refunds`, body: { method: back.method, amount: back.amount, reason: `Order cancelled: ${reason}`, key }, key, label: giveBackLabel(back.method, number) });
        }
      }
      return sent.queued ? { message: OFFLINE_TEXT.queued } : sent.answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['kitchen'] }),
  });
}

/** "All day": a dish sold out, or back on (staff may switch availability only). */
export function useSetDishAvailable() {
  const queryClient = useQueryClient();
  return useMutation({
    // With a key: kept in the outbox while offline, switched once however often it is sent.
    mutationFn: async ({ productId, name, available }: { productId: string; name: string; available: boolean }) => {
      const key = newIdempotencyKey();
      return sendOrQueue<z.infer<typeof productChangedResponse>>({ method: 'PATCH', path: `/api/v1/allProductsData/${encodeURIComponent(productId)}`, body: { available, key }, key, label: available ? t('kitchen.backOnName', 'Back on: {{name}}', { name }) : t('kitchen.soldOutName', 'Sold out: {{name}}', { name }) });
    },
    // The menu everywhere shows it at once.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
