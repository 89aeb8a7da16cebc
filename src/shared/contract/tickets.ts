import { z } from 'zod';
import { ACCOUNT_NUMBER_MAX_EXCLUSIVE, PAYMENT_METHODS } from '../constants.ts';
import { checkoutPayment, onlinePay } from './payments.ts';
import {
  changed,
  pageOf,
  pageQuery,
  phoneField,
  recordId,
  recordIdParams,
  singleQueryString,
  textField,
} from './common.ts';

/**
 * Tickets and checkout (docs/reference/operations.md "Tickets"): a guest's booking orders are the lines of a
 * bag; placing them makes a ticket, the order header the kitchen cooks.
 */

import { FULFILMENTS } from './values.ts';
import { said } from '../i18n/said.ts';
export { FULFILMENTS, type Fulfilment, PAY_DUE_TEXT, TICKET_MESSAGES } from './values.ts';
/** `awaiting_payment`: placed with an online payment not yet made; it holds its room in the kitchen but is not on the board (docs/reference/ordering.md "Payments"). */
export const TICKET_STATUSES = [
  'received',
  'preparing',
  'ready',
  'completed',
  'cancelled',
  'awaiting_payment',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Where a ticket came from: a guest's checkout ("online") or an order taken by staff (docs/reference/ordering.md "Orders taken by staff"). */
export const TICKET_SOURCES = ['online', 'staff'] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];
/** Most lines one ticket may carry. */
export const MAX_TICKET_LINES = 50;

/** Why an order to be paid later is refused (restaurant settings `unpaidOrders`; staff are not limited). */
export const UNPAID_MESSAGES = {
  none: said('ordersPaidOnlineRightNow'),
  tooMany: (open: number) => said('youAlreadyHaveUnpaidWaiting', { v0: open, v1: open === 1 ? 'order' : 'orders' }),
  tooLarge: (units: number, max: number) => said('orderTooLargePayLater', { v0: units, v1: max }),
} as const;

const fulfilmentSchema = z.enum(FULFILMENTS, { error: said('fulfilmentOne', { v0: FULFILMENTS.join(', ') }) });

/** "1,2,3" → [1, 2, 3]: 1 to MAX_TICKET_LINES distinct line ids. */
const orderIdsText = singleQueryString.transform((text, ctx) => {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > MAX_TICKET_LINES) {
    ctx.addIssue({ code: 'custom', message: said('orderidsMayListMostOrders', { v0: MAX_TICKET_LINES }) });
    return z.NEVER;
  }
  const ids = parts.map((p) => (/^[1-9]\d{0,9}$/.test(p) ? Number(p) : Number.NaN));
  if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id > 2_147_483_647)) {
    ctx.addIssue({ code: 'custom', message: said('orderidsOrderIdsSeparatedCommas') });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

/** GET /api/v1/checkout/quote?fulfilment=&orderIds=1,2,3 */
export const quoteQuery = z.object({ fulfilment: fulfilmentSchema, orderIds: orderIdsText });
const promiseSchema = z.object({ readyAt: z.string(), arriveAt: z.string().optional() });
/**
 * An order's money as its bill charges it (docs/reference/ordering.md "Money that agrees on every screen"): each
 * rate's tax (inside `subtotal` when `taxInclusive`, else added), the service charge (dine-in),
 * the delivery fee, and `total`, the bill's total for these lines (tips apart).
 */
export const orderMoneyFields = {
  subtotal: z.number(),
  taxes: z.array(z.object({ name: z.string(), rate: z.number(), base: z.number(), amount: z.number() })),
  taxInclusive: z.boolean(),
  serviceCharge: z.number(),
  deliveryFee: z.number(),
  total: z.number(),
};
export const quoteResponse = z.object({
  data: z.object({
    ...orderMoneyFields,
    asap: promiseSchema.nullable(),
    times: z.array(z.object({ date: z.string(), time: z.string(), readyAt: z.string() })),
  }),
});

export const deliveryAddress = z.object(
  {
    line1: textField('address.line1', 200),
    area: textField('address.area', 100),
    phone: phoneField('address.phone'),
    instructions: textField('address.instructions', 300, { required: false }).optional(),
  },
  { error: said('addressLine1AreaPhoneInstructions') },
);
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

const accountNumber = z
  .string({ error: said('accountnumberRequired') })
  .trim()
  .regex(/^\d+$/, said('accountnumberDigits'))
  .max(
    ACCOUNT_NUMBER_MAX_EXCLUSIVE - 1,
    said('accountnumberHaveFewerThanDigits', { v0: ACCOUNT_NUMBER_MAX_EXCLUSIVE }),
  );

const checkoutPay = z.union(
  [
    z.object({ Method: z.literal('cash') }),
    z.object({ Method: z.enum(PAYMENT_METHODS), AccountNumber: accountNumber }),
    onlinePay,
  ],
  {
    error: said('payMethodAccountNumberMethodCash', { v0: PAYMENT_METHODS.join(' | ') }),
  },
);

/** POST /api/v1/checkout */
export const checkoutBody = z.object({
  orderIds: z
    .array(recordId('each order id'), { error: said('orderidsListOrderIds') })
    .min(1, said('orderidsNeedsLeastOneOrder'))
    .max(MAX_TICKET_LINES, said('orderidsMayListMostOrders', { v0: MAX_TICKET_LINES }))
    .transform((ids) => [...new Set(ids)]),
  fulfilment: fulfilmentSchema,
  when: z.union([z.literal('asap'), z.iso.datetime({ offset: true })], {
    error: said('whenAsapReadyTimeISO'),
  }),
  address: deliveryAddress.optional(),
  reservationId: recordId('reservationId').optional(),
  tableId: recordId('tableId').optional(),
  pay: checkoutPay,
});
export type CheckoutBody = z.infer<typeof checkoutBody>;
/** What a client sends (ids as text or numbers). */
export type CheckoutInput = z.input<typeof checkoutBody>;

export const ticketSchema = z.object({
  _id: z.string(),
  /** The branch whose kitchen it is (docs/reference/branches.md: a branch-scoped answer carries its `branchId`). */
  branchId: z.string(),
  number: z.string(),
  fulfilment: z.enum(FULFILMENTS),
  status: z.enum(TICKET_STATUSES),
  placedAt: z.string(),
  readyAt: z.string(),
  arriveAt: z.string().optional(),
  scheduled: z.boolean(),
  /** Each line's price is its unit price (dish + chosen values) × quantity; `options` copies the values chosen (docs/reference/ordering.md "Dish options"). */
  lines: z.array(
    z.object({
      orderMainId: z.string().nullable(),
      name: z.string(),
      quantity: z.number(),
      price: z.number(),
      options: z.array(z.object({ group: z.string(), name: z.string(), price: z.number() })).optional(),
      /** Staff's note to the kitchen for this line (a staff order). */
      note: z.string().optional(),
    }),
  ),
  ...orderMoneyFields,
  payment: z.enum(['paid', 'due']),
  source: z.enum(TICKET_SOURCES),
  address: z
    .object({ line1: z.string(), area: z.string(), phone: z.string(), instructions: z.string().optional() })
    .optional(),
  reservationId: z.string().optional(),
  tableId: z.string().optional(),
  /** A staff order's customer has the name and phone staff took (email ""). */
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string().optional() }),
  cancelReason: z.string().optional(),
  /** The bill the ticket is on (docs/reference/ordering.md "The bill"). */
  billId: z.string().optional(),
  /** What was given back of a pick-up's or delivery's money (its own bill's refunds), when anything was: "Refunded $12.00". */
  refunded: z.number().optional(),
  /** When it was completed (the kitchen's timer stops there). */
  completedAt: z.string().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ticketSchema,
});
/** GET /api/v1/tickets/mine?limit=&cursor=: a page of a guest's tickets, newest first. */
export const ticketListResponse = pageOf(ticketSchema);
export const ticketListQuery = z.object(pageQuery);
/** A ticket placed or moved on: `{ success, message, data }` (checkout, the kitchen's status change). */
export const ticketChangedResponse = changed(ticketSchema);
/** Checkout's answer: the ticket, and with `pay: { provider }` the payment the guest is sent to. */
export const checkoutResponse = ticketChangedResponse.extend({ payment: checkoutPayment.optional() });
export const ticketIdParams = recordIdParams('id');
