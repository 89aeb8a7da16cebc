import type { z } from 'zod';
import type { billChangedResponse, billListResponse, billResponse } from '@shared/contract/bills.ts';
import type { LiveEvent } from '@shared/contract/events.ts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@client/lib/api-client.ts';
import { authorizedRequest, readAccessToken, renewToken } from '@client/lib/access-token.ts';
import { everyPage } from '@client/lib/every-page.ts';
import { newIdempotencyKey } from '@client/lib/idempotency-key.ts';
import { type Sent, sendOrQueue } from '@client/lib/offline-queue.ts';
import { ownChanges } from '@client/lib/own-changes.ts';
import { t } from '@shared/i18n/i18n.ts';

export type BillView = z.infer<typeof billResponse>['data'];

/** GET /api/v1/bills?status=open (staff): every open bill, the Floor's tables with a bill (every page of them). */
export function useOpenBills() {
  return useQuery({
    queryKey: ['bills', 'open'],
    queryFn: ({ signal }) =>
      everyPage<z.infer<typeof billListResponse>['data'][number]>('/api/v1/bills', { status: 'open' }, signal),
    // A part payment or a discount made on another device sends no event: look again now and then.
    refetchInterval: 30_000,
  });
}

/** GET /api/v1/bills/{id}; offline, a bill never opened on this device is read from the open bills the Floor kept (docs/decisions/044). */
export function useBill(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['bills', 'one', id],
    queryFn: async ({ signal }) => {
      try {
        return (
          await authorizedRequest<z.infer<typeof billResponse>>(`/api/v1/bills/${encodeURIComponent(id ?? '')}`, {
            signal,
          })
        ).data;
      } catch (error) {
        const listed = queryClient.getQueryData<BillView[]>(['bills', 'open'])?.find((bill) => bill._id === id);
        if (error instanceof ApiError && error.status === 0 && listed) return listed;
        throw error;
      }
    },
    enabled: id !== null,
    refetchInterval: 30_000,
  });
}

/**
 * A change of a bill taken at the restaurant, always with a key (a payment's own, or a new one):
 * sent now, or kept in the outbox while offline (answering null) and sent once the connection is
 * back, done once however often it arrives (docs/decisions/044).
 */
function useBillChange<B extends object>(path: 'discounts' | 'payments' | 'refunds' | 'split', what: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, number, body }: { id: string; number: string; body: B }): Promise<BillView | null> => {
      const key = (body as { key?: string }).key ?? newIdempotencyKey();
      const own = `bill:${id}`;
      ownChanges.sending(own);
      let sent: Sent<z.infer<typeof billChangedResponse>>;
      try {
        sent = await sendOrQueue<z.infer<typeof billChangedResponse>>({
          method: 'POST',
          path: `/api/v1/bills/${encodeURIComponent(id)}/${path}`,
          body: { ...body, key },
          key,
          label: t('bill.outboxChange', '{{what}} on bill {{number}}', { what, number }),
        });
      } catch (error) {
        ownChanges.settled(own, false);
        throw error;
      }
      // Heard more than its own event on the way: the bill may have moved on since the answer.
      if (ownChanges.settled(own, !sent.queued)) void queryClient.invalidateQueries({ queryKey: ['bills', 'one', id] });
      return sent.queued ? null : sent.answer.data;
    },
    // The answer is the bill: the Floor takes it from there and reads nothing again (decision 063);
    // a refusal reads the bills again. Kept in the outbox, the bill shows the change once it is sent.
    onSuccess: (bill) => bill && putBill(queryClient, bill),
    onError: () => queryClient.invalidateQueries({ queryKey: ['bills'] }),
  });
}

const OPEN_KEY = ['bills', 'open'] as const;

/** This bill as the server answered it: the bill itself, and the open bills (newest first, as the server lists them) with it replaced, added, or gone once no longer open. */
function putBill(queryClient: QueryClient, bill: BillView): void {
  queryClient.setQueryData(['bills', 'one', bill._id], bill);
  const open = queryClient.getQueryData<BillView[]>(OPEN_KEY);
  if (!open) return;
  const rest = open.filter((b) => b._id !== bill._id);
  if (bill.status !== 'open') {
    if (rest.length !== open.length) queryClient.setQueryData<BillView[]>(OPEN_KEY, rest);
    return;
  }
  const at = rest.findIndex((b) => Number(b._id) < Number(bill._id));
  queryClient.setQueryData<BillView[]>(
    OPEN_KEY,
    at === -1 ? [...rest, bill] : [...rest.slice(0, at), bill, ...rest.slice(at)],
  );
}

/** What a screen showing the bills keeps itself from bill events (useBillEvents). */
export const BILLS_KEPT = [['bills']];

/**
 * The Floor's live events (decision 063): a bill event reads that one bill again (the event
 * names only the bill), unless it is the device's own change's (ownChanges), a new round (a ticket received) reads its bill; a kitchen move changes no
 * bill and reads nothing. An event without the bill it is about reads the bills again, as before.
 */
export function useBillEvents(): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (event: LiveEvent) => {
      // The event of this device's own change, whose answer is already shown.
      if (event.type === 'bill' && ownChanges.isOwn(`bill:${event._id}`)) return;
      const id =
        event.type === 'bill'
          ? event._id
          : event.type === 'ticket' && event.status === 'received'
            ? event.billId
            : null;
      if (id === null) return;
      if (id === undefined) {
        void queryClient.invalidateQueries({ queryKey: ['bills'] });
        return;
      }
      void authorizedRequest<z.infer<typeof billResponse>>(`/api/v1/bills/${encodeURIComponent(id)}`)
        .then((answer) => putBill(queryClient, answer.data))
        .catch(() => queryClient.invalidateQueries({ queryKey: ['bills'] }));
    },
    [queryClient],
  );
}

/** POST /api/v1/bills/{id}/discounts `{ percent | amount, reason }`. */
export const useDiscountBill = () =>
  useBillChange<{ percent: number; reason: string } | { amount: number; reason: string }>(
    'discounts',
    t('bill.outboxDiscount', 'Discount'),
  );

/** POST /api/v1/bills/{id}/payments: the body's `key` is made once per payment and sent again on a retry; `share` pays one share of the kept split. */
export const useTakePayment = () =>
  useBillChange<{ method: string; amount: number; tip?: number; tendered?: number; share?: number; key: string }>(
    'payments',
    t('bill.outboxPayment', 'Payment'),
  );

/** POST /api/v1/bills/{id}/split `{ ways }`: the split kept on the bill until its shares are paid (issue 58). */
export const useKeepSplit = () => useBillChange<{ ways: number }>('split', t('bill.outboxSplit', 'Split'));

/** POST /api/v1/bills/{id}/refunds: money taken at the restaurant given back (what is owed back); `key` as for a payment. */
export const useGiveBack = () =>
  useBillChange<{ method: string; amount: number; reason: string; key: string }>(
    'refunds',
    t('bill.outboxGiveBack', 'Give back'),
  );

/**
 * GET /api/v1/bills/{id}/receipt opened in a new window: the page needs the access token, which
 * a plain link cannot send, so it is fetched and shown from memory. The window is opened at the
 * click (a window opened after a wait would be blocked as a pop-up) and filled when the page is here.
 */
export async function openReceipt(id: string): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const path = `/api/v1/bills/${encodeURIComponent(id)}/receipt`;
    const send = (token: string | null) =>
      fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
    let response = await send(readAccessToken());
    if (response.status === 401) response = await send(await renewToken());
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
      throw new ApiError(
        `HTTP error! Status: ${response.status}`,
        response.status,
        typeof body?.message === 'string' ? body.message : undefined,
      );
    }
    const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/html' }));
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    win?.close();
    throw error;
  }
}
