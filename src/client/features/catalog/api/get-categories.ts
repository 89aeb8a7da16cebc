import type { z } from 'zod';
import type { Category, categoryListResponse } from '@shared/contract/catalog.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api-client.ts';

/** GET /api/v1/categorys: the menu's categories (docs/reference/storefront.md §7). */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const body = await apiRequest<z.infer<typeof categoryListResponse>>('/api/v1/categorys', { signal });
  return body.data;
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
