import type { z } from 'zod';
import type { Branch } from '@shared/contract/branches.ts';
import type {
  BranchDish,
  BranchDishBody,
  branchDishResponse,
  branchMenuResponse,
} from '@shared/contract/branch-menu.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';

/**
 * What each branch sells (docs/reference/branches.md "Staff and the owner", decision 068): the
 * dishes a branch has its own word on (offered or not, its own price), read per branch and set
 * one dish at a time. Any dish a branch has no word on is offered there at the brand's price.
 * Kept under ['catalog'] so that every change to the menu refreshes it too.
 */
const branchMenusKey = (branchIds: string[]) => ['catalog', 'branch-menus', ...branchIds] as const;

/** One branch's read: its rows, or why they could not be read. */
interface BranchMenuRead {
  branchId: string;
  data?: BranchDish[];
  error?: unknown;
}

/**
 * GET /api/v1/branches/{id}/menu for each branch given (none asked when `enabled` is false), as
 * one query (`useQueries` would bring its observer into every page's first load): each branch's
 * rows, pending and error in the branches' order.
 */
export function useBranchMenus(branches: Branch[], enabled: boolean) {
  const query = useQuery({
    queryKey: branchMenusKey(branches.map((branch) => branch._id)),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      Promise.all(
        branches.map(async (branch): Promise<BranchMenuRead> => {
          try {
            const answer = await authorizedRequest<z.infer<typeof branchMenuResponse>>(
              `/api/v1/branches/${encodeURIComponent(branch._id)}/menu`,
              { signal },
            );
            return { branchId: branch._id, data: answer.data };
          } catch (error) {
            return { branchId: branch._id, error };
          }
        }),
      ),
    enabled,
  });
  return branches.map((_, index) => ({
    data: query.data?.[index]?.data,
    isPending: query.isPending,
    error: query.data?.[index]?.error ?? query.error,
  }));
}

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
      queryClient.setQueriesData<BranchMenuRead[]>({ queryKey: ['catalog', 'branch-menus'] }, (reads) =>
        reads?.map((read) =>
          read.branchId === data.branchId && read.data
            ? { ...read, data: [...read.data.filter((row) => row.productId !== data.productId), data] }
            : read,
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  });
}
