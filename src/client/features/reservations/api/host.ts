import type { z } from 'zod';
import type { CreateReservationBody, ReservationStatus, reservationListResponse, reservationChangedResponse } from '@shared/contract/reservations.ts';
import { useQuery } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath } from '@client/lib/api-client.ts';
import { useInvalidating } from '@client/data/use-invalidating.ts';

/** The host's calls (staff): the day's book, statuses, moves, phone bookings and walk-ins. The dining room is features/tables. */

export function useDayBook(date: string) {
  return useQuery({
    queryKey: ['reservations', 'book', date],
    queryFn: async ({ signal }) => (await authorizedRequest<z.infer<typeof reservationListResponse>>(apiPath('/api/v1/reservations', { date }), { signal })).data,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    refetchInterval: 30_000,
  });
}

export const useSetReservationStatus = () =>
  useInvalidating(
    ({ id, status }: { id: string; status: ReservationStatus }) => authorizedRequest<z.infer<typeof reservationChangedResponse>>(`/api/v1/reservations/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } }),
    [['reservations']],
  );

export const useMoveToTables = () =>
  useInvalidating(
    ({ id, tableIds }: { id: string; tableIds: string[] }) => authorizedRequest<z.infer<typeof reservationChangedResponse>>(`/api/v1/reservations/${encodeURIComponent(id)}`, { method: 'PATCH', body: { tableIds } }),
    [['reservations']],
  );

export const useStaffBooking = () =>
  useInvalidating((body: CreateReservationBody) => authorizedRequest<z.infer<typeof reservationChangedResponse>>('/api/v1/reservations', { method: 'POST', body }), [['reservations']]);
