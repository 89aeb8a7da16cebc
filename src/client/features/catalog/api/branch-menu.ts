import type { z } from 'zod';
import type { Branch } from '@shared/contract/branches.ts';
import type {
  BranchDish,
  BranchDishBody,
  branchDishResponse,
  branchMenuResponse,
} from '@shared/contract/branch-menu.ts';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';

/**
 * What each branch sells (docs/reference/branches.md "Staff and the owner", decision 068): the
 * dishes a branch has its own word on (offered or not, its own price), read per branch and set
 * one dish at a time. Any dish a branch has no word on is offered there at the brand's price.
 * Kept under ['catalog'] so that every change to the menu refreshes it too.
 */
const branchMenuKey = (branchId: string) => ['catalog', 'branch-menu', branchId] as const;

/** GET /api/v1/branches/{id}/menu for each branch given (none asked when `enabled` is false). */
export const useBranchMenus = (branches: Branch[], enabled: boolean) =>
  useQueries({
    queries: branches.map((branch) => ({
      queryKey: branchMenuKey(branch._id),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (
          await authorizedRequest<z.infer<typeof branchMenuResponse>>(
            `/api/v1/branches/${encodeURIComponent(branch._id)}/menu`,
            { signal },
          )
        ).data,
      enabled,
    })),
  });

/** PUT /api/v1/branches/{id}/menu/{productId} (a brand admin, or the branch's own admin). */
export function useSetBranchDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ branchId, productId, body }: { branchId: string; productId: string; body: BranchDishBody }) =>
      authorizedRequest<z.infer<typeof branchDishResponse>>(
        `/api/v1/branches/${encodeURIComponent(branchId)}/menu/${encodeURIComponent(productId)}`,
        { method: 'PUT', body },
      ),
    // The branch's word as set, at once (the editor compares with it), then the menu's caches refreshed.
    onSuccess: ({ data }) =>
      queryClient.setQueryData<BranchDish[]>(branchMenuKey(data.branchId), (rows) =>
        rows ? [...rows.filter((row) => row.productId !== data.productId), data] : rows,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  });
}
