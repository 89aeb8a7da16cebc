import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../constants.ts';
import { hasControlCharacters, phoneField, recordId, textField } from './common.ts';
import { lineOptionsField } from './orders.ts';
import { FULFILMENTS, MAX_TICKET_LINES, deliveryAddress } from './tickets.ts';
import { said } from '../i18n/said.ts';

/**
 * Orders taken by staff (docs/reference/ordering.md "Orders taken by staff"), staff and administrators:
 *   POST /api/v1/tickets  staffOrderBody → 201 ticketChangedResponse (a ticket with source "staff"),
 *                         200 the same answer for a repeat of its `key`, 409 for the key with another body
 * The same capacity model, promise and refusals as checkout, except that a pause of online
 * ordering does not stop staff. Payment is taken on the bill.
 */

export const STAFF_ORDER_MESSAGES = {
  placed: said('orderHasBeenSentKitchen'),
  repeated: said('orderWasAlreadySentKitchen'),
  keyReused: said('keyWasUsedAnotherOrder'),
} as const;

/** The length of an order's idempotency key. */
export const ORDER_KEY_MIN = 8;
export const ORDER_KEY_MAX = 64;

const staffQuantity = z
  .number({
    error: (issue) => (issue.input === undefined ? said('required', { v0: 'quantity' }) : said('quantityWholeNumber')),
  })
  .int(said('quantityWholeNumber'))
  .min(MIN_QUANTITY, said('quantityLeast', { v0: MIN_QUANTITY }))
  .max(MAX_QUANTITY, said('quantityMost', { v0: MAX_QUANTITY }));

export const staffOrderLine = z.object(
  {
    productId: recordId('productId'),
    quantity: staffQuantity,
    options: lineOptionsField.optional(),
    note: textField('note', 200, { required: false }).optional(),
  },
  { error: said('eachLineProductIdQuantityOptions') },
);

/** POST /api/v1/tickets */
export const staffOrderBody = z.object({
  fulfilment: z.enum(FULFILMENTS, { error: said('fulfilmentOne', { v0: FULFILMENTS.join(', ') }) }),
  when: z.union([z.literal('asap'), z.iso.datetime({ offset: true })], {
    error: said('whenAsapReadyTimeISO'),
  }),
  lines: z
    .array(staffOrderLine, { error: said('linesListProductIdQuantityOptions') })
    .min(1, said('linesNeedsLeastOneDish'))
    .max(MAX_TICKET_LINES, said('linesMayListMostDishes', { v0: MAX_TICKET_LINES })),
  /** The name is needed for a pick-up or a delivery (the server says so); a table's round goes by its table ("Table T7"). */
  customer: z.object(
    { name: textField('customer.name', 100).optional(), phone: phoneField('customer.phone').optional() },
    { error: said('customerNamePhone') },
  ),
  address: deliveryAddress.optional(),
  tableId: recordId('tableId').optional(),
  key: z
    .string({ error: (issue) => (issue.input === undefined ? said('keyRequired') : said('aText', { v0: 'key' })) })
    .min(ORDER_KEY_MIN, said('keyCharacters', { v0: ORDER_KEY_MIN, v1: ORDER_KEY_MAX }))
    .max(ORDER_KEY_MAX, said('keyCharacters', { v0: ORDER_KEY_MIN, v1: ORDER_KEY_MAX }))
    .refine((key) => !hasControlCharacters(key) && key.trim() === key, said('keyNotContainControlCharacters')),
});
export type StaffOrderBody = z.infer<typeof staffOrderBody>;

/**
 * POST /api/v1/tickets/quote (staff): what an order would cost and when the kitchen could have
 * it, before it is sent (the checkout quote's answer: subtotal, fee, total, the ASAP promise and
 * the free times, all without the pause of online ordering, as staff orders are). A table's round
 * names its table: it is priced under the rules its open bill kept (decision 055).
 */
export const staffQuoteBody = staffOrderBody.pick({ fulfilment: true, lines: true, tableId: true });
export type StaffQuoteBody = z.infer<typeof staffQuoteBody>;
export type StaffQuoteInput = z.input<typeof staffQuoteBody>;
/** What a client sends. */
export type StaffOrderInput = z.input<typeof staffOrderBody>;
