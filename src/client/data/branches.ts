import type { Branch } from '@shared/contract/branches.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api-client.ts';

/** GET /api/v1/branches: the brand's open branches, in their order (the picker, the headers, the reports: data/ for all of them). */
export const useBranches = () =>
  useQuery(
    queryOptions({
      queryKey: ['branches'],
      queryFn: async ({ signal }) => (await apiRequest<{ data: Branch[] }>('/api/v1/branches', { signal })).data,
      staleTime: 5 * 60_000,
    }),
  );

/** GET /api/v1/branches/{slug}: one branch; an unknown slug answers 404, an archived one 410. */
export const useBranch = (slug: string) =>
  useQuery(
    queryOptions({
      queryKey: ['branches', slug],
      queryFn: async ({ signal }) =>
        (await apiRequest<{ data: Branch }>(`/api/v1/branches/${encodeURIComponent(slug)}`, { signal })).data,
      staleTime: 5 * 60_000,
      // A branch the server already answered "not found" or "closed" for is not asked for again on mount.
      retryOnMount: false,
    }),
  );
