import type { z } from 'zod';
import type {
  tableListResponse,
  combinationListResponse,
  tableChangedResponse,
  combinationChangedResponse,
} from '@shared/contract/tables.ts';
import { useQuery } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { useInvalidating } from '@client/data/use-invalidating.ts';

/** The dining room's calls: tables and combinations (staff read, admins write; docs/reference/operations.md "Tables"). */

export function useDiningTables() {
  return useQuery({
    queryKey: ['tables'],
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof tableListResponse>>('/api/v1/tables', { signal })).data,
  });
}

export function useCombinations() {
  return useQuery({
    queryKey: ['tables', 'combinations'],
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof combinationListResponse>>('/api/v1/table-combinations', { signal })).data,
  });
}

const ROOM = [['tables'], ['reservations']];

export const useAddTable = () =>
  useInvalidating(
    (body: { name: string; minCovers: number; maxCovers: number }) =>
      authorizedRequest<z.infer<typeof tableChangedResponse>>('/api/v1/tables', { method: 'POST', body }),
    ROOM,
  );
export const useUpdateTable = () =>
  useInvalidating(
    ({
      id,
      body,
    }: {
      id: string;
      body: Partial<{ name: string; minCovers: number; maxCovers: number; active: boolean }>;
    }) =>
      authorizedRequest<z.infer<typeof tableChangedResponse>>(`/api/v1/tables/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    ROOM,
  );
export const useDeleteTable = () =>
  useInvalidating(
    (id: string) =>
      authorizedRequest<z.infer<typeof tableChangedResponse>>(`/api/v1/tables/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    ROOM,
  );
export const useAddCombination = () =>
  useInvalidating(
    (body: { tableIds: string[]; minCovers: number; maxCovers: number }) =>
      authorizedRequest<z.infer<typeof combinationChangedResponse>>('/api/v1/table-combinations', {
        method: 'POST',
        body,
      }),
    ROOM,
  );
export const useDeleteCombination = () =>
  useInvalidating(
    (id: string) =>
      authorizedRequest<z.infer<typeof combinationChangedResponse>>(
        `/api/v1/table-combinations/${encodeURIComponent(id)}`,
        { method: 'DELETE' },
      ),
    ROOM,
  );
