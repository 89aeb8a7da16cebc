import type { z } from 'zod';
import type { Product, productResponse } from '@shared/contract/catalog.ts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api-client.ts';

/** GET /api/v1/allProductsData/{id}: one dish; an unknown id answers 404. */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const body = await apiRequest<z.infer<typeof productResponse>>(`/api/v1/allProductsData/${encodeURIComponent(id)}`, {
    signal,
  });
  return body.data;
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['catalog', 'product', id],
    queryFn: ({ signal }) => getProduct(id, signal),
    // A dish the server already answered "not found" for (in the page it rendered, or before) is not asked for again on mount.
    retryOnMount: false,
  });

/** A dish already loaded in some list (home, menu, search) shows at once while its own read runs. */
function findInCachedLists(queryClient: QueryClient, id: string): Product | undefined {
  for (const family of ['products', 'popular', 'search']) {
    for (const [, list] of queryClient.getQueriesData<Product[]>({ queryKey: ['catalog', family] })) {
      const found = list?.find((product) => product._id === id);
      if (found) return found;
    }
  }
  return undefined;
}

export function useProduct(id: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...productQueryOptions(id), placeholderData: () => findInCachedLists(queryClient, id) });
}
