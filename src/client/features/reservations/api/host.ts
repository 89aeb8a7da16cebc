import type { z } from 'zod';
import type {
  CreateReservationBody,
  Reservation,
  ReservationStatus,
  reservationListResponse,
  reservationChangedResponse,
} from '@shared/contract/reservations.ts';
import type { LiveEvent } from '@shared/contract/events.ts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath } from '@client/lib/api-client.ts';
import { useInvalidating } from '@client/data/use-invalidating.ts';
import { ownChanges } from '@client/lib/own-changes.ts';

/** The host's calls (staff): the day's book, statuses, moves, phone bookings and walk-ins. The dining room is features/tables. */

export function useDayBook(date: string) {
  return useQuery({
    queryKey: ['reservations', 'book', date],
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<z.infer<typeof reservationListResponse>>(apiPath('/api/v1/reservations', { date }), {
          signal,
        })
      ).data,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    refetchInterval: 30_000,
  });
}

const BOOKS_KEY = ['reservations', 'book'] as const;

/** Where the server's book has a booking: by its start, then by id (GET /api/v1/reservations?date=). */
function before(a: Reservation, b: Reservation): boolean {
  return a.startsAt < b.startsAt || (a.startsAt === b.startsAt && Number(a._id) < Number(b._id));
}

/** Every day's book the device keeps, with this booking as the server answered it: replaced, put in its place on its day, gone from another day (decision 063). */
function putReservation(queryClient: QueryClient, reservation: Reservation): void {
  for (const [key, book] of queryClient.getQueriesData<Reservation[]>({ queryKey: BOOKS_KEY })) {
    if (!book) continue;
    const rest = book.filter((r) => r._id !== reservation._id);
    if (key[2] !== reservation.date) {
      if (rest.length !== book.length) queryClient.setQueryData<Reservation[]>(key, rest);
      continue;
    }
    const at = rest.findIndex((r) => before(reservation, r));
    queryClient.setQueryData<Reservation[]>(
      key,
      at === -1 ? [...rest, reservation] : [...rest.slice(0, at), reservation, ...rest.slice(at)],
    );
  }
}

/** A host's change of one booking: one request, its answer put in the book; a refusal reads the books again. */
function useBookingChange<V extends { id: string }>(
  run: (variables: V) => Promise<z.infer<typeof reservationChangedResponse>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => {
      const own = `reservation:${variables.id}`;
      ownChanges.sending(own);
      let answer: z.infer<typeof reservationChangedResponse>;
      try {
        answer = await run(variables);
      } catch (error) {
        ownChanges.settled(own, false);
        throw error;
      }
      // Heard more than its own event on the way: the book may have moved on since the answer.
      if (ownChanges.settled(own, true))
        void queryClient.invalidateQueries({ queryKey: ['reservations', 'book', answer.data.date], exact: true });
      return answer;
    },
    onSuccess: (answer) => putReservation(queryClient, answer.data),
    onError: () => queryClient.invalidateQueries({ queryKey: ['reservations'] }),
  });
}

export const useSetReservationStatus = () =>
  useBookingChange(({ id, status }: { id: string; status: ReservationStatus }) =>
    authorizedRequest<z.infer<typeof reservationChangedResponse>>(
      `/api/v1/reservations/${encodeURIComponent(id)}/status`,
      { method: 'POST', body: { status } },
    ),
  );

export const useMoveToTables = () =>
  useBookingChange(({ id, tableIds }: { id: string; tableIds: string[] }) =>
    authorizedRequest<z.infer<typeof reservationChangedResponse>>(`/api/v1/reservations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { tableIds },
    }),
  );

/** What a screen showing the book keeps itself from reservation events (useBookEvents). */
export const BOOK_KEPT = [['reservations', 'book']];

/**
 * The book's live events (decision 063): the event of the device's own change (ownChanges), or
 * of a booking its books already show as the event tells it, reads nothing; otherwise only the books of its day, and of
 * the day that held it, are read again (there is no read of one booking).
 */
export function useBookEvents(): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (event: LiveEvent) => {
      if (event.type !== 'reservation') return;
      // The event of this device's own change, whose answer is (or is about to be) in the book.
      if (ownChanges.isOwn(`reservation:${event._id}`)) return;
      const books = queryClient.getQueriesData<Reservation[]>({ queryKey: BOOKS_KEY });
      const held = books.flatMap(([, book]) => book ?? []).find((r) => r._id === event._id);
      if (held && held.status === event.status && held.date === event.date && held.time === event.time) return;
      for (const [key, book] of books)
        if (key[2] === event.date || book?.some((r) => r._id === event._id))
          void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
    [queryClient],
  );
}

export const useStaffBooking = () =>
  useInvalidating(
    (body: CreateReservationBody) =>
      authorizedRequest<z.infer<typeof reservationChangedResponse>>('/api/v1/reservations', { method: 'POST', body }),
    [['reservations']],
  );
