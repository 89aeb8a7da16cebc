import { z } from 'zod';
import { MAX_SEARCH_TEXT_LENGTH } from './constants.ts';

/** The contract of the public catalogue calls (SPEC.md §3 Product, Category; §7). */

export const productSchema = z.object({
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

export const categorySchema = z.object({
  _id: z.string(),
  category: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const productListResponse = z.object({ data: z.array(productSchema) });
export const productResponse = z.object({ data: productSchema });
export const categoryListResponse = z.object({ data: z.array(categorySchema) });

/** A query value repeated in the URL arrives as an array: that is bad input, not a crash. */
const singleQueryString = z.string({ error: 'must be given once, as text' });

export const productListQuery = z.object({
  category: singleQueryString.max(100, 'category is too long').optional(),
});

export const popularQuery = z.object({
  populler: singleQueryString.max(100).optional(),
});

export const searchQuery = z.object({
  searchText: singleQueryString
    .trim()
    .min(1, 'searchText is required')
    .max(MAX_SEARCH_TEXT_LENGTH, `searchText must be at most ${MAX_SEARCH_TEXT_LENGTH} characters`),
});

export const productIdParams = z.object({ id: z.string().max(64) });

/** The error answer of every call (DESIGN.md "The contract"). */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
