import type { z } from 'zod';
import type { RestaurantPatch, restaurantResponse } from '@shared/contract/restaurant.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { restaurantTime } from '@client/lib/clock.ts';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiRequest } from '@client/lib/api-client.ts';

/**
 * The restaurant's settings (OPERATIONS.md "Restaurant settings"), read by the booking form,
 * the checkout, the kitchen and the settings page alike: one query, one cache entry.
 */
const restaurantQueryOptions = () =>
  queryOptions({
    queryKey: ['restaurant'],
    queryFn: async ({ signal }) => (await apiRequest<z.infer<typeof restaurantResponse>>('/api/v1/restaurant', { signal })).data,
    staleTime: 5 * 60_000,
  });

export const useRestaurant = () => useQuery(restaurantQueryOptions());

/** PATCH /api/v1/restaurant: admins any field, staff the kitchen's busy controls. */
export function useUpdateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: RestaurantPatch) => authorizedRequest<z.infer<typeof restaurantResponse>>('/api/v1/restaurant', { method: 'PATCH', body: patch }),
    onSuccess: (answer) => queryClient.setQueryData(['restaurant'], answer.data),
    // Times and promises hang on the settings: ask again.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['restaurant'] }), queryClient.invalidateQueries({ queryKey: ['checkout'] }), queryClient.invalidateQueries({ queryKey: ['reservations'] })]),
  });
}

/** The restaurant's time zone (from its settings; this device's while they load). */
export function useRestaurantTimeZone(): string {
  return useRestaurant().data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `restaurantTime` in the restaurant's time zone. */
export function useRestaurantTime(): (instant: string | number) => string {
  const timeZone = useRestaurantTimeZone();
  return useCallback((instant: string | number) => restaurantTime(instant, timeZone), [timeZone]);
}
