import type { z } from 'zod';
import type { Changed } from '@shared/contract/common.ts';
import type {
  CreateReservationBody,
  Reservation,
  availabilityResponse,
  reservationListResponse,
  reservationChangedResponse,
  reservationCreatedResponse,
} from '@shared/contract/reservations.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath, apiRequest } from '@client/lib/api-client.ts';
import { BROWSER_ONLY } from '@client/lib/hydration.ts';

/** The reservation calls of docs/reference/operations.md "Tables and reservations", as the guest's pages use them. */

export function useAvailability(date: string, partySize: number) {
  return useQuery({
    queryKey: ['reservations', 'availability', date, partySize],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<z.infer<typeof availabilityResponse>>(
          apiPath('/api/v1/reservations/availability', { date, partySize: String(partySize) }),
          { signal },
        )
      ).data,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) && partySize > 0,
    // Which times are past or too soon changes by the minute: never from a page the server rendered.
    meta: BROWSER_ONLY,
    staleTime: 15_000,
  });
}

const MINE_KEY = ['reservations', 'mine'] as const;

export function useMyReservations(enabled = true) {
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof reservationListResponse>>('/api/v1/reservations/mine', { signal })).data,
    enabled,
  });
}

/** Any change: the guest's list and every availability answer are read again. */
function useReservationMutation<V, A extends Changed<Reservation>>(run: (variables: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reservations'] }),
  });
}

/** A booking; one that needs a deposit answers the payment the guest is sent to (`payment.redirectUrl`). */
export const useReserve = () =>
  useReservationMutation((body: CreateReservationBody) =>
    authorizedRequest<z.infer<typeof reservationCreatedResponse>>('/api/v1/reservations', { method: 'POST', body }),
  );

export const useCancelReservation = () =>
  useReservationMutation((id: string) =>
    authorizedRequest<z.infer<typeof reservationChangedResponse>>(
      `/api/v1/reservations/${encodeURIComponent(id)}/cancel`,
      { method: 'POST' },
    ),
  );

export const useChangeReservation = () =>
  useReservationMutation(({ id, body }: { id: string; body: { date?: string; time?: string; partySize?: number } }) =>
    authorizedRequest<z.infer<typeof reservationChangedResponse>>(`/api/v1/reservations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  );
