import type { z } from 'zod';
import type { DeleteUserResponse, UserSummary, deleteUserResponse } from '@shared/contract/users.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/**
 * DELETE /api/v1/users/users/{_id} (admin only): the account, its sign-in and all its
 * orders, favourites and reports. The server refuses an admin's own account (409).
 */
export async function deleteUser(id: string): Promise<DeleteUserResponse> {
  return authorizedRequest<z.infer<typeof deleteUserResponse>>(`/api/v1/users/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** Deletes a user, then refreshes the list and forgets that user's cached record. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserSummary) => deleteUser(user._id),
    onSettled: async (_answer, _error, user) => {
      queryClient.removeQueries({ queryKey: ['user-record', user.email.toLowerCase()] });
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
