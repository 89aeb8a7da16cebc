import { z } from 'zod';
import { MAX_SEARCH_TEXT_LENGTH } from '../constants.ts';
import { listOf, recordIdParams, singleQueryString } from './common.ts';

/** The public catalogue calls (SPEC.md §3 Product, Category; §7). */

const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  reatings: z.number(),
  items: z.array(z.string()),
  category: z.string(),
  populler: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

const categorySchema = z.object({
  _id: z.string(),
  category: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /api/v1/categorys */
export const categoryListResponse = listOf(categorySchema);

/** GET /api/v1/allProductsData/?category= ("All Category" or none: every dish) */
export const productListQuery = z.object({
  category: singleQueryString.max(100, 'category is too long').optional(),
});
export const productListResponse = listOf(productSchema);

/** GET /api/v1/allProductsData/populler/?populler=populler */
export const popularQuery = z.object({
  populler: singleQueryString.max(100).optional(),
});

/** GET /api/v1/allProductsData/searchData/?searchText= */
export const searchQuery = z.object({
  searchText: singleQueryString
    .trim()
    .min(1, 'searchText is required')
    .max(MAX_SEARCH_TEXT_LENGTH, `searchText must be at most ${MAX_SEARCH_TEXT_LENGTH} characters`),
});

/** GET /api/v1/allProductsData/{id} */
export const productIdParams = recordIdParams('id');
export const productResponse = z.object({ data: productSchema });
