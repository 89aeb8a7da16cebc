import type { Role } from '@shared/constants.ts';
import type { UserSummary } from '@shared/contract/users.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/** PATCH /api/v1/users/users/{_id} { role } (admin only); the last admin cannot be demoted (409). */
export async function changeRole(
  id: string,
  role: Role,
): Promise<{ success: true; message: string; data: UserSummary }> {
  return authorizedRequest(`/api/v1/users/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } });
}

/** Changes a role, then refreshes the list (and that user's cached role check). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, role }: { user: UserSummary; role: Role }) => changeRole(user._id, role),
    onSettled: async (_answer, _error, { user }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin-check', user.email.toLowerCase()] }),
      ]);
    },
  });
}
