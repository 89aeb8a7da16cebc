import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api-client.ts';

/** What every change of a guest's record answers: { success, message } plus the record. */
export interface ChangeResponse {
  success: true;
  message: string;
}

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

/**
 * A sentence a guest can act on. SPEC.md §8 only logged failures; a guest whose order
 * failed must know, and know whether trying again can help.
 */
export function failureMessage(error: unknown, action: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return `We could not reach the server, so ${action} did not happen. Check your connection and try again.`;
    if (error.status === 401) return `Your sign-in has expired, so ${action} did not happen. Please sign in again.`;
    if (error.serverMessage) return `${error.serverMessage}.`.replace(/\.\.$/, '.');
    return `Something went wrong on our side (HTTP ${error.status}), so ${action} did not happen. Please try again.`;
  }
  return `Something went wrong, so ${action} did not happen. Please try again.`;
}
