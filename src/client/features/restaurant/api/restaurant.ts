import type { z } from 'zod';
import type { RestaurantPatch, restaurantResponse } from '@shared/contract/restaurant.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';

/** PATCH /api/v1/restaurant: admins any field, staff the kitchen's busy controls. */
export function useUpdateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: RestaurantPatch) =>
      authorizedRequest<z.infer<typeof restaurantResponse>>('/api/v1/restaurant', { method: 'PATCH', body: patch }),
    onSuccess: (answer) => queryClient.setQueryData(['restaurant'], answer.data),
    // Times and promises hang on the settings: ask again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['restaurant'] }),
        queryClient.invalidateQueries({ queryKey: ['checkout'] }),
        queryClient.invalidateQueries({ queryKey: ['reservations'] }),
      ]),
  });
}
