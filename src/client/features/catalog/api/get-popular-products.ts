import type { z } from 'zod';
import type { Product, productListResponse } from '@shared/contract/catalog.ts';
import { POPULLER_QUERY_VALUE } from '@shared/constants.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, apiRequest } from '@client/lib/api-client.ts';

/** GET /api/v1/allProductsData/populler?populler=populler: the most popular dishes. */
export async function getPopularProducts(signal?: AbortSignal): Promise<Product[]> {
  const path = apiPath('/api/v1/allProductsData/populler', { populler: POPULLER_QUERY_VALUE });
  const body = await apiRequest<z.infer<typeof productListResponse>>(path, { signal });
  return body.data;
}

export const popularProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'popular'],
    queryFn: ({ signal }) => getPopularProducts(signal),
  });

export function usePopularProducts() {
  return useQuery(popularProductsQueryOptions());
}
