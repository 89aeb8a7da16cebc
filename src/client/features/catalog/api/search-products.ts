import type { z } from 'zod';
import type { Product, productListResponse } from '@shared/contract/catalog.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, apiRequest } from '@client/lib/api-client.ts';

/** GET /api/v1/allProductsData/searchData?searchText=…: dishes matching the text, best first. */
export async function searchProducts(searchText: string, signal?: AbortSignal): Promise<Product[]> {
  const path = apiPath('/api/v1/allProductsData/searchData', { searchText });
  const body = await apiRequest<z.infer<typeof productListResponse>>(path, { signal });
  return body.data;
}

export const searchProductsQueryOptions = (searchText: string) =>
  queryOptions({
    queryKey: ['catalog', 'search', searchText],
    queryFn: ({ signal }) => searchProducts(searchText, signal),
  });

/** Does not call the server for an empty text (the server would answer 400). */
export function useSearchProducts(searchText: string) {
  return useQuery({ ...searchProductsQueryOptions(searchText), enabled: searchText.trim() !== '' });
}
