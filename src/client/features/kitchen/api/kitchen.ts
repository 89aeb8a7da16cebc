import type { z } from 'zod';
import type { productChangedResponse } from '@shared/contract/catalog.ts';
import type {
  AllDayCount,
  KitchenStatusBody,
  KitchenTicket,
  MoneyBack,
  kitchenTicketChangedResponse,
  kitchenTicketResponse,
  kitchenTicketsResponse,
  allDayResponse,
  moneyBackResponse,
} from '@shared/contract/kitchen.ts';
import type { LiveEvent } from '@shared/contract/events.ts';
import type { TicketStatus } from '@shared/contract/tickets.ts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { newIdempotencyKey } from '@client/lib/idempotency-key.ts';
import { everyPage } from '@client/lib/every-page.ts';
import { OFFLINE_TEXT } from '@shared/texts-ordering.ts';
import { RECALL_MINUTES } from '@shared/contract/values.ts';
import { t } from '@shared/i18n/i18n.ts';
import { sendOrQueue } from '@client/lib/offline-queue.ts';
import { waitingWrites } from '@client/lib/offline-store.ts';
import { giveBackLabel, moveLabel } from '../components/kitchen-words.ts';
import { allDayAfter, alreadyAsTold, boardWith, cardFromEvent } from './board-cache.ts';

/** The kitchen board's calls (docs/reference/operations.md "The kitchen board"). */

/** While the stream is down the board still refreshes this often. */
const FALLBACK_REFRESH_MS = 10_000;

const TICKETS_KEY = ['kitchen', 'tickets'] as const;
const ALL_DAY_KEY = ['kitchen', 'all-day'] as const;

export function useKitchenTickets(live: boolean) {
  return useQuery({
    queryKey: TICKETS_KEY,
    // Every open ticket, however many the day holds: every page of the board.
    queryFn: async ({ signal }) =>
      withQueuedMoves(
        await everyPage<z.infer<typeof kitchenTicketsResponse>['data'][number]>('/api/v1/kitchen/tickets', {}, signal),
      ),
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
  });
}

export function useAllDay(live: boolean) {
  return useQuery({
    queryKey: ALL_DAY_KEY,
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof allDayResponse>>('/api/v1/kitchen/all-day', { signal })).data,
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
  return moved.size === 0
    ? tickets
    : tickets.map((ticket) =>
        moved.has(ticket._id) ? { ...ticket, status: moved.get(ticket._id) as string } : ticket,
      );
}

/** A ticket moved on, with a key: sent now, or kept in the outbox while offline and sent once the connection is back. */
function moveTicket(id: string, number: string, body: KitchenStatusBody) {
  const key = newIdempotencyKey();
  return sendOrQueue<z.infer<typeof kitchenTicketChangedResponse>>({
    method: 'POST',
    path: `/api/v1/kitchen/tickets/${encodeURIComponent(id)}/status`,
    body: { ...body, key },
    key,
    label: moveLabel(number, body.status),
  });
}

/**
 * The board with this card as it now is, and "All day" counted again from its lines (decision
 * 063): nothing is read, unless a line names no dish (then the counts alone are read again).
 */
function putCard(queryClient: QueryClient, card: KitchenTicket): void {
  const board = queryClient.getQueryData<KitchenTicket[]>(TICKETS_KEY);
  if (!board) return;
  const was = board.find((ticket) => ticket._id === card._id);
  queryClient.setQueryData<KitchenTicket[]>(TICKETS_KEY, boardWith(board, card));
  const counts = queryClient.getQueryData<AllDayCount[]>(ALL_DAY_KEY);
  if (!counts) return;
  const next = allDayAfter(counts, was, card);
  if (next) queryClient.setQueryData<AllDayCount[]>(ALL_DAY_KEY, next);
  else void queryClient.invalidateQueries({ queryKey: ALL_DAY_KEY });
}

/** A move kept in the outbox: the card shows it moved at once (as withQueuedMoves shows it after a read). */
function putQueuedMove(queryClient: QueryClient, id: string, status: TicketStatus): void {
  const card = queryClient.getQueryData<KitchenTicket[]>(TICKETS_KEY)?.find((ticket) => ticket._id === id);
  if (card) putCard(queryClient, { ...card, status });
}

/** The tap's one request: the answer is the card as the board shows it, put in place; a refusal reads the board again, which then shows the truth. */
export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, number, ...body }: KitchenStatusBody & { id: string; number: string }) => {
      const sent = await moveTicket(id, number, body);
      if (sent.queued) {
        putQueuedMove(queryClient, id, body.status);
        return { message: OFFLINE_TEXT.queued };
      }
      putCard(queryClient, sent.answer.data);
      return sent.answer;
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ['kitchen'] }),
  });
}

/**
 * The board's live events (decision 063): a ticket event patches its card (another device's
 * move: status, payment, completed time), or reads that one card when the board does not have
 * it (a new ticket) or the event does not say enough; the device's own tap, already answered,
 * changes nothing. A reservation event reads again the cards for that booking only.
 */
export function useBoardEvents(): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  const readCard = useCallback(
    (id: string) =>
      void authorizedRequest<z.infer<typeof kitchenTicketResponse>>(`/api/v1/kitchen/tickets/${encodeURIComponent(id)}`)
        .then((answer) => putCard(queryClient, answer.data))
        // The card could not be read: the board's pages are, as before.
        .catch(() => queryClient.invalidateQueries({ queryKey: ['kitchen'] })),
    [queryClient],
  );
  return useCallback(
    (event: LiveEvent) => {
      const board = queryClient.getQueryData<KitchenTicket[]>(TICKETS_KEY);
      // Nothing shown yet: the board's first read will show it.
      if (!board) return;
      // A booking changed (moved, resized, seated): the cards for it are read again, alone.
      if (event.type === 'reservation') {
        for (const card of board) if (card.reservation?._id === event._id) readCard(card._id);
        return;
      }
      if (event.type !== 'ticket') return;
      const card = board.find((ticket) => ticket._id === event._id);
      if (card && alreadyAsTold(card, event)) return;
      // Not on the board, and not to be: cancelled, not paid yet, or completed past its recall (a bill paid later tells its old tickets).
      if (
        !card &&
        (event.status === 'cancelled' ||
          event.status === 'awaiting_payment' ||
          (event.completedAt !== undefined && Date.now() - Date.parse(event.completedAt) > RECALL_MINUTES * 60_000))
      )
        return;
      const told = card && cardFromEvent(card, event, Date.now());
      if (told) {
        putCard(queryClient, told);
        return;
      }
      readCard(event._id);
    },
    [queryClient, readCard],
  );
}

/** What cancelling a ticket would give back (null: no ticket asked). */
export function useMoneyBack(id: string | null) {
  return useQuery({
    queryKey: ['kitchen', 'money-back', id],
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<z.infer<typeof moneyBackResponse>>(
          `/api/v1/kitchen/tickets/${encodeURIComponent(id ?? '')}/money-back`,
          { signal },
        )
      ).data,
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
    mutationFn: async ({
      id,
      number,
      reason,
      moneyBack,
    }: {
      id: string;
      number: string;
      reason: string;
      moneyBack: MoneyBack | undefined;
    }) => {
      const sent = await moveTicket(id, number, { status: 'cancelled', reason });
      if (moneyBack?.billId) {
        for (const back of moneyBack.giveBack) {
          const key = newIdempotencyKey();
          await sendOrQueue({
            method: 'POST',
            path: `/api/v1/bills/${encodeURIComponent(moneyBack.billId)}/refunds`,
            body: { method: back.method, amount: back.amount, reason: `Order cancelled: ${reason}`, key },
            key,
            label: giveBackLabel(back.method, number),
          });
        }
      }
      if (sent.queued) {
        putQueuedMove(queryClient, id, 'cancelled');
        return { message: OFFLINE_TEXT.queued };
      }
      putCard(queryClient, sent.answer.data);
      return sent.answer;
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ['kitchen'] }),
  });
}

/** "All day": a dish sold out, or back on (staff may switch availability only). */
export function useSetDishAvailable() {
  const queryClient = useQueryClient();
  return useMutation({
    // With a key: kept in the outbox while offline, switched once however often it is sent.
    mutationFn: async ({ productId, name, available }: { productId: string; name: string; available: boolean }) => {
      const key = newIdempotencyKey();
      return sendOrQueue<z.infer<typeof productChangedResponse>>({
        method: 'PATCH',
        path: `/api/v1/allProductsData/${encodeURIComponent(productId)}`,
        body: { available, key },
        key,
        label: available
          ? t('kitchen.backOnName', 'Back on: {{name}}', { name })
          : t('kitchen.soldOutName', 'Sold out: {{name}}', { name }),
      });
    },
    // The menu everywhere shows it at once.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
