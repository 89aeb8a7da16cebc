import { z } from 'zod';
import { localDate } from './restaurant.ts';
import {
  changed,
  moneyField,
  pageOf,
  pageQuery,
  recordIdParams,
  requestKey,
  singleQueryString,
  textField,
} from './common.ts';
import { chosenOptionSchema } from './orders.ts';
import { FULFILMENTS } from './tickets.ts';

/**
 * The bill (docs/reference/ordering.md "The bill"): every ticket is on one; staff read, discount, split and
 * take payments on it; its guest reads it and its receipt. Amounts are JSON numbers in the
 * restaurant's currency with at most two decimals (the server counts in minor units).
 */

export const BILL_STATUSES = ['open', 'paid', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
import { BILL_PAYMENT_METHODS } from './values.ts';
export { BILL_PAYMENT_METHODS, type BillPaymentMethod } from './values.ts';

export const BILL_MESSAGES = {
  discounted: 'Discount added',
  paymentTaken: 'Payment taken',
  repeated: 'This payment was already taken',
  paid: 'This bill is already paid',
  void: 'This bill is void',
  notFound: 'No such bill',
  /** `due` as formatMoney writes it, in the restaurant's currency. */
  overDue: (due: string) => `The amount is more than the bill's due (${due})`,
  keyReused: 'This key was already used for another payment',
  staffLimit: (max: number) => `Staff may take at most ${max} % off a bill: ask an administrator`,
  cashCounted: 'Cash count kept',
  refundRecorded: 'Refund recorded',
  /** `owed` as formatMoney writes it. */
  refundTooMuch: (owed: string) => `The amount is more than what is owed back on this bill (${owed})`,
  nothingOwed: 'Nothing is owed back on this bill',
  /** `owed` as formatMoney writes it: a table's open bill owes money back, which no new round may pay (decision 055). */
  settleFirst: (owed: string) =>
    `This table's bill owes ${owed} back to its guests: give it back before the next round`,
  refundMethod: (method: string) => `No ${method} payment on this bill has that much left to give back`,
  refundKeyReused: 'This key was already used for another refund',
  splitKept: 'Split kept until its shares are paid',
  splitKeyReused: 'This key was already used for another split',
  notSplit: 'This bill is not split: split it before paying a share',
  noSuchShare: (ways: number) => `This bill is split ${ways} ways: a share is 1 to ${ways}`,
  sharePaid: (n: number) => `Share ${n} is already paid`,
  /** `amount` as formatMoney writes it. */
  shareAmount: (n: number, amount: string) => `Share ${n} is ${amount}: take that amount for it`,
  splitUnderPaid: (paid: number) => `${paid} shares are already paid: split at least ${paid + 1} ways`,
  discountKeyReused: 'This key was already used for another discount',
} as const;

export const billSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(BILL_STATUSES),
  fulfilment: z.enum(FULFILMENTS),
  tableId: z.string().optional(),
  reservationId: z.string().optional(),
  ticketIds: z.array(z.string()),
  lines: z.array(
    z.object({
      _id: z.string(),
      ticketId: z.string(),
      name: z.string(),
      options: z.array(chosenOptionSchema),
      quantity: z.number(),
      unitPrice: z.number(),
      total: z.number(),
      taxRate: z.number(),
    }),
  ),
  subtotal: z.number(),
  discounts: z.array(
    z.object({
      _id: z.string(),
      amount: z.number(),
      percent: z.number().optional(),
      reason: z.string(),
      by: z.string(),
    }),
  ),
  serviceCharge: z.number(),
  deliveryFee: z.number(),
  taxes: z.array(z.object({ name: z.string(), rate: z.number(), base: z.number(), amount: z.number() })),
  taxInclusive: z.boolean(),
  tips: z.number(),
  total: z.number(),
  paid: z.number(),
  due: z.number(),
  /** What was paid beyond `total` (a cancel, a discount) and is still to be given back; never with `due` above 0 (docs/reference/ordering.md "Money that agrees on every screen"). */
  owedBack: z.number(),
  /** What was given back on this bill so far (refunds through a provider, and at the restaurant). */
  refunded: z.number(),
  payments: z.array(
    z.object({
      _id: z.string(),
      method: z.string(),
      provider: z.string(),
      amount: z.number(),
      tip: z.number(),
      tendered: z.number().optional(),
      change: z.number().optional(),
      status: z.string(),
      at: z.string(),
      /** Beyond the contract: the online payment this is (`/api/v1/payments/{id}`), and what was refunded of it and when. */
      paymentId: z.string().optional(),
      refunded: z.number().optional(),
      refundedAt: z.string().optional(),
    }),
  ),
  receiptNumber: z.number().int().optional(),
  openedAt: z.string(),
  paidAt: z.string().optional(),
  /** The currency its amounts are in: the restaurant's when it was opened (a later change of the settings relabels none of them). */
  currency: z.string().optional(),
  /**
   * The split staff made, kept until its shares are paid (issue 58): each share paid keeps what it
   * paid, the due is shared over those unpaid. Absent on a bill not split, and once it is no longer open.
   */
  split: z
    .object({
      ways: z.number().int(),
      shares: z.array(z.object({ n: z.number().int(), amount: z.number(), paid: z.boolean() })),
    })
    .optional(),
});
export type Bill = z.infer<typeof billSchema>;

export const billIdParams = recordIdParams('id');
export const billResponse = z.object({ success: z.literal(true), data: billSchema });
export const billChangedResponse = changed(billSchema);
export const billListResponse = pageOf(billSchema);

/** GET /api/v1/bills?status=&date=&limit=&cursor= (a page of at most 500, newest first) */
export const billListQuery = z.object({
  status: z.enum(BILL_STATUSES, { error: `status must be one of: ${BILL_STATUSES.join(', ')}` }).optional(),
  date: localDate.optional(),
  ...pageQuery,
});

const percentValue = z
  .number({ error: 'percent must be a number' })
  .gt(0, 'percent must be more than 0')
  .max(100, 'percent must be at most 100')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'percent may carry at most two decimals');

/** POST /api/v1/bills/{id}/discounts: `{ percent | amount, reason }`. */
export const discountBody = z
  .object({
    percent: percentValue.optional(),
    amount: moneyField('amount', 0.01, 10_000_000).optional(),
    reason: textField('reason', 200),
    /** Optional: a discount queued offline is sent with its key, and taken once however often it arrives. */
    key: requestKey.optional(),
  })
  .strict()
  .refine((body) => (body.percent === undefined) !== (body.amount === undefined), 'Give either percent or amount');
export type DiscountBody = z.infer<typeof discountBody>;

/** GET /api/v1/bills/{id}/split?ways=N */
export const splitQuery = z.object({
  ways: singleQueryString
    .regex(/^\d{1,2}$/, 'ways must be a whole number from 2 to 20')
    .transform(Number)
    .refine((n) => n >= 2 && n <= 20, 'ways must be a whole number from 2 to 20'),
});
export const splitResponse = z.object({ data: z.object({ due: z.number(), shares: z.array(z.number()) }) });

/** POST /api/v1/bills/{id}/split (staff): the split kept on the bill until its shares are paid; `key` as a discount's. */
export const keepSplitBody = z
  .object({
    ways: z
      .number({ error: 'ways must be a whole number from 2 to 20' })
      .int('ways must be a whole number from 2 to 20')
      .min(2, 'ways must be a whole number from 2 to 20')
      .max(20, 'ways must be a whole number from 2 to 20'),
    key: requestKey.optional(),
  })
  .strict();
export type KeepSplitBody = z.infer<typeof keepSplitBody>;

/** POST /api/v1/bills/{id}/payments */
export const paymentBody = z
  .object({
    method: z.enum(BILL_PAYMENT_METHODS, { error: `method must be one of: ${BILL_PAYMENT_METHODS.join(', ')}` }),
    amount: moneyField('amount', 0.01, 10_000_000),
    tip: moneyField('tip', 0, 10_000_000).optional(),
    tendered: moneyField('tendered', 0, 10_000_000).optional(),
    /** The share of the bill's kept split this pays (1…ways); its amount must be that share's. */
    share: z
      .number({ error: 'share must be a whole number from 1 to 20' })
      .int('share must be a whole number from 1 to 20')
      .min(1, 'share must be a whole number from 1 to 20')
      .max(20, 'share must be a whole number from 1 to 20')
      .optional(),
    key: requestKey,
  })
  .strict();
export type PaymentBody = z.infer<typeof paymentBody>;

/** POST /api/v1/bills/{id}/refunds (staff): money taken at the restaurant, given back. */
export const billRefundBody = z
  .object({
    method: z.enum(BILL_PAYMENT_METHODS, { error: `method must be one of: ${BILL_PAYMENT_METHODS.join(', ')}` }),
    amount: moneyField('amount', 0.01, 10_000_000),
    reason: textField('reason', 200),
    key: paymentBody.shape.key,
  })
  .strict();
export type BillRefundBody = z.infer<typeof billRefundBody>;
export { DAY_FIGURE_DEFINITIONS } from './values.ts';

/** GET /api/v1/reports/day?date= */
export const dayQuery = z.object({ date: localDate });
export const dayReportSchema = z.object({
  bills: z.number(),
  covers: z.number(),
  gross: z.number(),
  discounts: z.number(),
  serviceCharge: z.number(),
  deliveryFees: z.number(),
  taxes: z.array(z.object({ name: z.string(), rate: z.number(), base: z.number(), amount: z.number() })),
  tips: z.number(),
  payments: z.array(z.object({ method: z.string(), count: z.number(), amount: z.number() })),
  refunds: z.number(),
  cashExpected: z.number(),
  /** Gross less discounts (DAY_FIGURE_DEFINITIONS.netSales). */
  netSales: z.number(),
  /** Payments and their tips, less refunds (DAY_FIGURE_DEFINITIONS.totalTaken). */
  totalTaken: z.number(),
  /** Deposits kept that day (a no-show, a cancel after the cut-off; decision 032), net of refunds written since: on no bill, so in none of the figures above. */
  depositsKept: z.object({ count: z.number(), amount: z.number() }),
  /** The cash counts kept for the day (POST /api/v1/reports/cash-count), oldest first: each with what was expected then, who counted and when. */
  cashCounts: z.array(
    z.object({ counted: z.number(), expected: z.number(), difference: z.number(), by: z.string(), at: z.string() }),
  ),
  /**
   * The currency the day's money was taken in: its bills' (each keeps the one it was opened in,
   * decision 057), the settings' on a day without bills. A changed currency relabels no past day.
   */
  currency: z.string(),
  /** Only on a day whose bills are in more than one currency (the setting changed that day): each of them in alphabetical order, `currency` the first; the figures above add their amounts as written. */
  currencies: z.array(z.string()).optional(),
});
export type DayReport = z.infer<typeof dayReportSchema>;
export const dayReportResponse = z.object({ data: dayReportSchema });

/** POST /api/v1/reports/cash-count */
export const cashCountBody = z.object({ date: localDate, counted: moneyField('counted', 0, 100_000_000) }).strict();
export const cashCountResponse = z.object({
  data: z.object({ expected: z.number(), counted: z.number(), difference: z.number() }),
});
