import { queryOptions, useQuery } from '@tanstack/react-query';
import { authorizedRequest } from './access-token.ts';
import { useAuth } from './auth.tsx';

/** GET /api/v1/users/admin/{email} → { success, isAdmin } where isAdmin is 'admin' for administrators. */
export async function checkAdmin(email: string, signal?: AbortSignal): Promise<boolean> {
  const body = await authorizedRequest<{ success: boolean; isAdmin: string }>(`/api/v1/users/admin/${encodeURIComponent(email)}`, { signal });
  return body.success && body.isAdmin === 'admin';
}

export const adminCheckQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['admin-check', email.toLowerCase()], queryFn: ({ signal }) => checkAdmin(email, signal), staleTime: 5 * 60_000 });

/** Whether the signed-in user is an administrator; `isPending` while the answer is on its way. */
export function useIsAdmin() {
  const { user } = useAuth();
  const query = useQuery({ ...adminCheckQueryOptions(user?.email ?? ''), enabled: Boolean(user?.email) });
  return { isAdmin: query.data === true, isPending: Boolean(user?.email) && query.isPending, error: query.error };
}
