import type { z } from 'zod';
import type { UserRecord, userRecordResponse } from '@shared/contract/users.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { useAuth } from '@client/data/account-session.tsx';

/**
 * GET /api/v1/users/?email=: a user's record with orders, favorites and reports. It feeds
 * the header badges, the guest's own lists and the admin's per-user lists; every change to
 * those lists invalidates ['user-record'] so they all follow without a reload.
 */
export async function getUserRecord(email: string, signal?: AbortSignal): Promise<UserRecord> {
  const body = await authorizedRequest<z.infer<typeof userRecordResponse>>(`/api/v1/users?email=${encodeURIComponent(email)}`, { signal });
  return body.data;
}

export const userRecordQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['user-record', email.toLowerCase()],
    queryFn: ({ signal }) => getUserRecord(email, signal),
    staleTime: 30_000,
  });

export function useUserRecord(email: string | undefined) {
  return useQuery({ ...userRecordQueryOptions(email ?? ''), enabled: Boolean(email) });
}

/** The signed-in user's own record, or undefined while signed out or loading. */
export function useOwnRecord() {
  const { user } = useAuth();
  return useUserRecord(user?.email);
}
