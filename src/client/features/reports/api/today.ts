import type { z } from 'zod';
import type { brandTodayResponse, todayResponse } from '@shared/contract/dashboard.ts';
import { useQuery } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';

/** GET /api/v1/dashboard/today (staff); live events make it stale, and it refreshes each minute regardless. */
export function useToday(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard-today'],
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof todayResponse>>('/api/v1/dashboard/today', { signal })).data,
    enabled,
    refetchInterval: 60_000,
  });
}

/** GET /api/v1/dashboard/today?branch=all (brand admins): each branch's today side by side; asked only with two branches or more. */
export function useBranchesToday(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard-today', 'all'],
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof brandTodayResponse>>('/api/v1/dashboard/today?branch=all', { signal }))
        .data,
    enabled,
    refetchInterval: 60_000,
    // A branch admin is refused the brand's figures: not asked again.
    retry: false,
  });
}
