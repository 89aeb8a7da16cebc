import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeResponse } from '@shared/contract/common.ts';
import { ApiError } from '@client/lib/api-client.ts';

/**
 * A mutation that changes the signed-in guest's record (orders, favourites, reports).
 * On success the user record is refetched, so the header badges, the dish page and the
 * dashboard lists all follow without a reload.
 */
export function useRecordMutation<TData extends ChangeResponse, TVariables>(mutationFn: MutationFunction<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-record'] }),
    // A refused change (409 already reported, already paid…) also means our copy is stale.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: ['user-record'] });
    },
  });
}
