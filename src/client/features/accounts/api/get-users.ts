import type { z } from 'zod';
import type { UserSummary, userListResponse } from '@shared/contract/users.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';

/** GET /api/v1/users/users (admin only): every user's _id, name, email, userImg and role. */
export async function getUsers(signal?: AbortSignal): Promise<UserSummary[]> {
  const body = await authorizedRequest<z.infer<typeof userListResponse>>('/api/v1/users/users', { signal });
  return body.data;
}

export const USERS_QUERY_KEY = ['admin', 'users'] as const;

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: USERS_QUERY_KEY,
    queryFn: ({ signal }) => getUsers(signal),
    staleTime: 30_000,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
