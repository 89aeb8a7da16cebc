import type { Changed } from '@shared/contract/common.ts';
import type { CreateReservationBody, Reservation, ReservationStatus } from '@shared/contract/reservations.ts';
import type { DiningTableView, TableCombinationView } from '@shared/contract/tables.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath } from '@client/lib/api-client.ts';

/** The host's calls (staff): the day's book, statuses, moves, phone bookings and walk-ins; and the dining room (admins write). */

export function useDayBook(date: string) {
  return useQuery({
    queryKey: ['reservations', 'book', date],
    queryFn: async ({ signal }) => (await authorizedRequest<{ data: Reservation[] }>(apiPath('/api/v1/reservations', { date }), { signal })).data,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    refetchInterval: 30_000,
  });
}

function useInvalidating<V, T>(run: (variables: V) => Promise<Changed<T>>, keys: string[][]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}

export const useSetReservationStatus = () =>
  useInvalidating(
    ({ id, status }: { id: string; status: ReservationStatus }) => authorizedRequest<Changed<Reservation>>(`/api/v1/reservations/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } }),
    [['reservations']],
  );

export const useMoveToTables = () =>
  useInvalidating(
    ({ id, tableIds }: { id: string; tableIds: string[] }) => authorizedRequest<Changed<Reservation>>(`/api/v1/reservations/${encodeURIComponent(id)}`, { method: 'PATCH', body: { tableIds } }),
    [['reservations']],
  );

export const useStaffBooking = () =>
  useInvalidating((body: CreateReservationBody) => authorizedRequest<Changed<Reservation>>('/api/v1/reservations', { method: 'POST', body }), [['reservations']]);

export function useDiningTables() {
  return useQuery({ queryKey: ['tables'], queryFn: async ({ signal }) => (await authorizedRequest<{ data: DiningTableView[] }>('/api/v1/tables', { signal })).data });
}

export function useCombinations() {
  return useQuery({ queryKey: ['tables', 'combinations'], queryFn: async ({ signal }) => (await authorizedRequest<{ data: TableCombinationView[] }>('/api/v1/table-combinations', { signal })).data });
}

const ROOM = [['tables'], ['reservations']];

export const useAddTable = () =>
  useInvalidating((body: { name: string; minCovers: number; maxCovers: number }) => authorizedRequest<Changed<DiningTableView>>('/api/v1/tables', { method: 'POST', body }), ROOM);
export const useUpdateTable = () =>
  useInvalidating(
    ({ id, body }: { id: string; body: Partial<{ name: string; minCovers: number; maxCovers: number; active: boolean }> }) =>
      authorizedRequest<Changed<DiningTableView>>(`/api/v1/tables/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    ROOM,
  );
export const useDeleteTable = () => useInvalidating((id: string) => authorizedRequest<Changed<DiningTableView>>(`/api/v1/tables/${encodeURIComponent(id)}`, { method: 'DELETE' }), ROOM);
export const useAddCombination = () =>
  useInvalidating((body: { tableIds: string[]; minCovers: number; maxCovers: number }) => authorizedRequest<Changed<TableCombinationView>>('/api/v1/table-combinations', { method: 'POST', body }), ROOM);
export const useDeleteCombination = () =>
  useInvalidating((id: string) => authorizedRequest<Changed<TableCombinationView>>(`/api/v1/table-combinations/${encodeURIComponent(id)}`, { method: 'DELETE' }), ROOM);
