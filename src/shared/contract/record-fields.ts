import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../constants.ts';
import { recordId } from './common.ts';
import { said } from '../i18n/said.ts';

/**
 * The fields that orders, favourites and reports share, as the spec's client sends them and
 * as they are listed (docs/reference/storefront.md §3). Prices are never taken from a body: name, picture,
 * category and unit price come from the catalogue.
 */

/** The dish id (docs/reference/storefront.md calls it orderId). */
export const dishIdField = recordId('orderId');

/**
 * A whole number from MIN_QUANTITY to MAX_QUANTITY, as a number or a numeric string
 * (forms send text). "2.5", "1e2", "", -1, 0, 2.5 and 100 are refused.
 */
export const quantityField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,6}$/, said('orderquantityWholeNumber'))
        .transform(Number),
    ],
    {
      error: (issue) =>
        issue.input === undefined ? said('required', { v0: 'orderQuantity' }) : said('orderquantityWholeNumber'),
    },
  )
  .pipe(
    z
      .number()
      .int(said('orderquantityWholeNumber'))
      .min(MIN_QUANTITY, said('orderquantityLeast', { v0: MIN_QUANTITY }))
      .max(MAX_QUANTITY, said('orderquantityMost', { v0: MAX_QUANTITY })),
  );

/** userGmail, when the client sends it, must be the caller's own e-mail. */
export const userGmailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(said('usergmailEMailAddress')).max(254))
  .optional();

/** Sent by the spec's client, never trusted: the catalogue is the source of these values. */
export const ignoredDishFields = {
  orderName: z.unknown().optional(),
  orderImg: z.unknown().optional(),
  orderPrice: z.unknown().optional(),
  orderCategory: z.unknown().optional(),
  _id: z.unknown().optional(),
};

/** What every listed record shares: its own id (twice, as the spec lists it) and the dish it copies. */
export const listedRecordBase = z.object({
  _id: z.string(),
  orderMainId: z.string(),
  orderId: z.string(),
  orderName: z.string(),
  orderImg: z.string(),
  orderCategory: z.string(),
});
