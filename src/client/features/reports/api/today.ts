import type { z } from 'zod';
import type { todayResponse } from '@shared/contract/dashboard.ts';
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
