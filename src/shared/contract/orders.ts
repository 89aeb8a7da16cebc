import { z } from 'zod';
import {
  ACCOUNT_NUMBER_MAX_EXCLUSIVE,
  FAVORITE_STATUS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PAID,
} from '../constants.ts';
import { changed, emailField, recordId, recordIdParams } from './common.ts';
import { favoriteListedSchema } from './favorites.ts';
import { FULFILMENTS, TICKET_STATUSES, deliveryAddress } from './tickets.ts';
import { dishIdField, ignoredDishFields, listedRecordBase, quantityField, userGmailField } from './record-fields.ts';
import { said } from '../i18n/said.ts';

/**
 * A guest's booking orders (docs/reference/storefront.md §3, §7), Authorization: Bearer; only the token's owner:
 *   PATCH /api/v1/users/?email=           orderPatchBody → 201 orderPatchResponse
 *         (an order; or, with orderMainIdPending, a favourite confirmed and booked as an order)
 *   PUT   /api/v1/users/{orderMainId}     emailBody      → 200 orderResponse (the order is deleted)
 *   PATCH /api/v1/users/{orderMainId}     payOrderBody   → 200 orderResponse (409 when already paid)
 * The order is priced by the server: catalogue price × quantity; orderPrice is ignored.
 */

const orderStatusSchema = z.enum(ORDER_STATUSES);
const paymentSchema = z.enum([PAYMENT_PAID]);
const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: said('methodOne', { v0: PAYMENT_METHODS.join(', ') }) });

/** A chosen option value as a line keeps it (docs/reference/ordering.md "Dish options"): a copy no menu edit changes. */
export const chosenOptionSchema = z.object({ group: z.string(), name: z.string(), price: z.number() });
export type ChosenOptionCopy = z.infer<typeof chosenOptionSchema>;

/** Most option values one line may choose. */
export const MAX_LINE_OPTIONS = 100;

/** `options: [valueId, …]` of the order call: each value at most once. */
export const lineOptionsField = z
  .array(recordId('each option'), { error: said('optionsListOptionValueIds') })
  .max(MAX_LINE_OPTIONS, said('optionsMayListMostValues', { v0: MAX_LINE_OPTIONS }))
  .refine((ids) => new Set(ids).size === ids.length, said('optionsNotListValueTwice'));

export const orderListedSchema = listedRecordBase.extend({
  /** Total: unit price (the dish's plus its chosen values') × quantity; may carry cents. */
  orderPrice: z.number(),
  /** The chosen option values (defaults and free ones included); absent for a dish without options. */
  options: z.array(chosenOptionSchema).optional(),
  orderQuantity: z.number(),
  status: orderStatusSchema,
  payment: paymentSchema.nullable(),
  /** The branch the line was put in the bag at (docs/reference/branches.md "Guests"): only from the brand's second branch on. */
  branchId: z.string().optional(),
  /** The ticket that holds this line once placed (docs/reference/operations.md "Tickets"); a cash ticket is paid on collection. */
  ticket: z
    .object({
      _id: z.string(),
      number: z.string(),
      fulfilment: z.enum(FULFILMENTS),
      payment: z.enum(['paid', 'due']),
      status: z.enum(TICKET_STATUSES),
      /** What the ticket's bill charges for it, taxes added on top included: what was paid, once paid (the line's price is before them). */
      charged: z.number().optional(),
      /** What was given back of it, when anything was. */
      refunded: z.number().optional(),
    })
    .optional(),
});
export type OrderListed = z.infer<typeof orderListedSchema>;

/** A new booking order (status Conform), as the spec's client sends it. */
export const orderEntryBody = z.object({
  orderId: dishIdField,
  orderQuantity: quantityField,
  options: lineOptionsField.optional(),
  /** When given it must be the e-mail of the query (the caller's own). */
  userGmail: userGmailField,
  status: z.unknown().optional(),
  ...ignoredDishFields,
});
export type OrderEntryBody = z.input<typeof orderEntryBody>;

/** Confirms the caller's pending favourite with the chosen quantity and books it as an order, in one transaction. */
export const confirmFavoriteBody = z.object({
  /** The favourite's orderMainId. */
  orderMainIdPending: recordId('orderMainIdPending'),
  orderQuantity: quantityField,
  status: z.literal(FAVORITE_STATUS.conform, { error: said('status', { v0: FAVORITE_STATUS.conform }) }).optional(),
  /** When given it must be the favourite's dish. */
  orderId: dishIdField.optional(),
  userGmail: userGmailField,
  ...ignoredDishFields,
});
export type ConfirmFavoriteBody = z.input<typeof confirmFavoriteBody>;

/**
 * What PATCH /api/v1/users/?email= validates: either form above. One object (not a union) so
 * that a bad field gets its own clear message; the refinement requires orderId for a plain order.
 */
export const orderPatchBody = z
  .object({
    orderId: dishIdField.optional(),
    orderMainIdPending: recordId('orderMainIdPending').optional(),
    orderQuantity: quantityField,
    /** The chosen option values; without it the defaults. A favourite confirmed always takes the defaults. */
    options: lineOptionsField.optional(),
    userGmail: userGmailField,
    status: z.unknown().optional(),
    ...ignoredDishFields,
  })
  .superRefine((body, ctx) => {
    if (body.orderMainIdPending === undefined && body.orderId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: said('orderidRequired') });
    }
    if (body.orderMainIdPending !== undefined && body.options !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: said('favouriteKeepsNoOptionsConfirming'),
      });
    }
    if (body.orderMainIdPending !== undefined && body.status !== undefined && body.status !== FAVORITE_STATUS.conform) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: said('status', { v0: FAVORITE_STATUS.conform }) });
    }
  });

export const orderResponse = changed(orderListedSchema);
export type OrderResponse = z.infer<typeof orderResponse>;
/** The confirm-favourite form answers with the new order and the confirmed favourite. */
export const confirmFavoriteResponse = orderResponse.extend({ favorite: favoriteListedSchema });
export type ConfirmFavoriteResponse = z.infer<typeof confirmFavoriteResponse>;
/** What PATCH /api/v1/users/?email= answers: an order, plus the favourite when one was confirmed. */
export const orderPatchResponse = orderResponse.extend({ favorite: favoriteListedSchema.optional() });

export const orderIdParams = recordIdParams('orderMainId');

/**
 * The account number: digits only, 1 to ACCOUNT_NUMBER_MAX_EXCLUSIVE - 1 of them. A number
 * is accepted (the spec's input is of type number) but loses leading zeros: send text.
 */
const accountNumberField = z
  .union([z.string().max(64), z.number().transform(String)], {
    error: (issue) => (issue.input === undefined ? said('accountnumberRequired') : said('accountnumberDigitsOnly')),
  })
  .pipe(
    z
      .string()
      .trim()
      .min(1, said('accountnumberRequired'))
      .max(
        ACCOUNT_NUMBER_MAX_EXCLUSIVE - 1,
        said('accountnumberHaveFewerThanDigits', { v0: ACCOUNT_NUMBER_MAX_EXCLUSIVE }),
      )
      .regex(/^\d+$/, said('accountnumberDigitsOnly')),
  );

/** PATCH /api/v1/users/{orderMainId}: pays the caller's order. */
export const payOrderBody = z.object({
  pay: z.object({ Method: paymentMethodSchema, AccountNumber: accountNumberField }, { error: said('payRequired') }),
  payment: z.literal(PAYMENT_PAID, { error: said('payment', { v0: PAYMENT_PAID }) }),
  email: emailField,
  /** docs/reference/operations.md: the pay call places a one-line ticket; pick-up as soon as possible unless these say otherwise. */
  fulfilment: z.enum(FULFILMENTS, { error: said('fulfilmentOne', { v0: FULFILMENTS.join(', ') }) }).optional(),
  when: z
    .union([z.literal('asap'), z.iso.datetime({ offset: true })], {
      error: said('whenAsapReadyTimeISO'),
    })
    .optional(),
  address: deliveryAddress.optional(),
});
export type PayOrderBody = z.input<typeof payOrderBody>;
