import { z } from 'zod';
import { branchParams } from './branches.ts';
import { moneyField, pathId, recordId } from './common.ts';
import { said } from '../i18n/said.ts';

/**
 * What a branch sells (docs/reference/branches.md "The API", decision 068): each dish of the brand
 * offered or not at a branch, at the brand's price or the branch's own, and the same for its
 * option values' prices. A branch's sold-out is switched as before (PATCH
 * /api/v1/allProductsData/{id}?branch=…), by the staff of that branch.
 */

/** `{idOrSlug}` the branch, `{productId}` the dish. */
export const branchDishParams = branchParams.extend({ productId: pathId('productId') });

/** A price at a branch: a number, or null for the brand's. */
const branchPrice = (field: string) => moneyField(field, 0, 100_000).nullable();

/** PUT /api/v1/branches/{idOrSlug}/menu/{productId} (a brand admin, or the branch's own admin). */
export const branchDishBody = z
  .object({
    offered: z.boolean({ error: said('offeredTrueFalse') }),
    price: branchPrice('price'),
    /** Option values' own prices here (null: the brand's); values not named keep theirs. */
    values: z
      .array(z.object({ _id: recordId('values._id'), price: branchPrice('values.price') }).strict())
      .max(200)
      .optional(),
  })
  .strict();
export type BranchDishBody = z.infer<typeof branchDishBody>;

/** One dish's word at a branch, as it is set (null prices: the brand's). */
export const branchDishSchema = z.object({
  branchId: z.string(),
  productId: z.string(),
  offered: z.boolean(),
  price: z.number().nullable(),
  values: z.array(z.object({ _id: z.number(), price: z.number().nullable() })),
});
export type BranchDish = z.infer<typeof branchDishSchema>;

export const branchDishResponse = z.object({ success: z.literal(true), message: z.string(), data: branchDishSchema });
/** GET /api/v1/branches/{idOrSlug}/menu (staff of the branch): every dish the branch has a word on. */
export const branchMenuResponse = z.object({ data: z.array(branchDishSchema) });
