import type { z } from 'zod';
import type { adminCheckResponse, heldBranchesResponse } from '@shared/contract/users.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROLES, type Role, roleAtLeast } from '@shared/constants.ts';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { useAuth } from './account-session.tsx';

/**
 * GET /api/v1/users/admin/{email} → { success, isAdmin, role }: isAdmin is 'admin' for
 * administrators (docs/reference/storefront.md); role also tells staff apart (docs/reference/operations.md "Roles").
 */
async function checkRole(email: string, signal?: AbortSignal): Promise<Role> {
  const body = await authorizedRequest<z.infer<typeof adminCheckResponse>>(`/api/v1/users/admin/${encodeURIComponent(email)}`, { signal });
  if (!body.success) return 'user';
  if (body.isAdmin === 'admin') return 'admin';
  return (ROLES as readonly string[]).includes(body.role ?? '') ? (body.role as Role) : 'user';
}

const roleQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['admin-check', email.toLowerCase()], queryFn: ({ signal }) => checkRole(email, signal), staleTime: 5 * 60_000 });

/**
 * The signed-in user's role: whether they are an administrator, or at least staff; `isPending`
 * while the answer is on its way. The server decides every call anyway; this only shapes the UI.
 */
export function useIsAdmin() {
  const { user } = useAuth();
  const query = useQuery({ ...roleQueryOptions(user?.email ?? ''), enabled: Boolean(user?.email) });
  const role: Role = query.data ?? 'user';
  return { role, isAdmin: role === 'admin', isStaff: roleAtLeast(role, 'staff'), isPending: Boolean(user?.email) && query.isPending, error: query.error };
}

/** GET /api/v1/users/branches: the branches (ids) a staff member's role is held at, null for every branch; asked for staff only. */
export function useHeldBranches(enabled: boolean): string[] | null {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: ['held-branches', user?.email?.toLowerCase() ?? ''],
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof heldBranchesResponse>>('/api/v1/users/branches', { signal })).data.branches,
    enabled: enabled && Boolean(user?.email),
    staleTime: 5 * 60_000,
  });
  return query.data ?? null;
}
