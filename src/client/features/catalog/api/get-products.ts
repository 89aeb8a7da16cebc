import type { z } from 'zod';
import type { Product, productListResponse } from '@shared/contract/catalog.ts';
import { ALL_CATEGORY } from '@shared/constants.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, apiRequest } from '@client/lib/api-client.ts';

/** GET /api/v1/allProductsData?category=…: the dishes of one category; All Category returns every dish. */
export async function getProducts(category: string, signal?: AbortSignal): Promise<Product[]> {
  const body = await apiRequest<z.infer<typeof productListResponse>>(apiPath('/api/v1/allProductsData', { category }), {
    signal,
  });
  return body.data;
}

export const productsQueryOptions = (category: string = ALL_CATEGORY) =>
  queryOptions({
    queryKey: ['catalog', 'products', { category }],
    queryFn: ({ signal }) => getProducts(category, signal),
  });

export function useProducts(category: string = ALL_CATEGORY, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(category), enabled: options.enabled ?? true });
}
