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
import { said } from '../i18n/said.ts';
export { BILL_PAYMENT_METHODS, type BillPaymentMethod } from './values.ts';

export const BILL_MESSAGES = {
  discounted: said('discountAdded'),
  paymentTaken: said('paymentTaken'),
  repeated: said('paymentWasAlreadyTaken'),
  paid: said('billAlreadyPaid'),
  void: said('billVoid'),
  notFound: said('noSuchBill'),
  /** `due` as formatMoney writes it, in the restaurant's currency. */
  overDue: (due: string) => said('amountMoreThanBillS', { v0: due }),
  keyReused: said('keyWasAlreadyUsedAnother3'),
  staffLimit: (max: number) => said('staffMayTakeMostOff', { v0: max }),
  cashCounted: 'Cash count kept',
  refundRecorded: said('refundRecorded'),
  /** `owed` as formatMoney writes it. */
  refundTooMuch: (owed: string) => said('amountMoreThanWhatOwed', { v0: owed }),
  nothingOwed: said('nothingOwedBackBill'),
  /** `owed` as formatMoney writes it: a table's open bill owes money back, which no new round may pay (decision 055). */
  settleFirst: (owed: string) => said('tableOwesBack', { v0: owed }),
  refundMethod: (method: string) => said('noPaymentBillHasMuch', { v0: method }),
  refundKeyReused: said('keyWasAlreadyUsedAnother'),
  splitKept: said('splitKept'),
  splitKeyReused: said('keyWasAlreadyUsedSplit'),
  notSplit: said('billNotSplit'),
  noSuchShare: (ways: number) => said('billSplitWaysShare', { v0: ways, v1: ways }),
  sharePaid: (n: number) => said('shareAlreadyPaid', { v0: n }),
  /** `amount` as formatMoney writes it. */
  shareAmount: (n: number, amount: string) => said('shareIsTakeThat', { v0: n, v1: amount }),
  splitUnderPaid: (paid: number) => said('sharesAlreadyPaidSplit', { v0: paid, v1: paid + 1 }),
  discountKeyReused: said('keyWasAlreadyUsedDiscount'),
} as const;

export const billSchema = z.object({
  _id: z.string(),
  /** The branch it is a bill of (docs/reference/branches.md). */
  branchId: z.string(),
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
  status: z.enum(BILL_STATUSES, { error: said('statusOne', { v0: BILL_STATUSES.join(', ') }) }).optional(),
  date: localDate.optional(),
  ...pageQuery,
});

const percentValue = z
  .number({ error: said('percentNumber') })
  .gt(0, said('percentMoreThan0'))
  .max(100, said('percentMost100'))
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, said('percentMayCarryMostTwo'));

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
  .refine((body) => (body.percent === undefined) !== (body.amount === undefined), said('giveEitherPercentAmount'));
export type DiscountBody = z.infer<typeof discountBody>;

/** GET /api/v1/bills/{id}/split?ways=N */
export const splitQuery = z.object({
  ways: singleQueryString
    .regex(/^\d{1,2}$/, said('waysWholeNumberFrom2'))
    .transform(Number)
    .refine((n) => n >= 2 && n <= 20, said('waysWholeNumberFrom2')),
});
export const splitResponse = z.object({ data: z.object({ due: z.number(), shares: z.array(z.number()) }) });

/** POST /api/v1/bills/{id}/split (staff): the split kept on the bill until its shares are paid; `key` as a discount's. */
export const keepSplitBody = z
  .object({
    ways: z
      .number({ error: said('waysWholeNumberFrom2') })
      .int(said('waysWholeNumberFrom2'))
      .min(2, said('waysWholeNumberFrom2'))
      .max(20, said('waysWholeNumberFrom2')),
    key: requestKey.optional(),
  })
  .strict();
export type KeepSplitBody = z.infer<typeof keepSplitBody>;

/** POST /api/v1/bills/{id}/payments */
export const paymentBody = z
  .object({
    method: z.enum(BILL_PAYMENT_METHODS, { error: said('fieldMethodOne', { v0: BILL_PAYMENT_METHODS.join(', ') }) }),
    amount: moneyField('amount', 0.01, 10_000_000),
    tip: moneyField('tip', 0, 10_000_000).optional(),
    tendered: moneyField('tendered', 0, 10_000_000).optional(),
    /** The share of the bill's kept split this pays (1…ways); its amount must be that share's. */
    share: z
      .number({ error: said('shareWholeNumberFrom1') })
      .int(said('shareWholeNumberFrom1'))
      .min(1, said('shareWholeNumberFrom1'))
      .max(20, said('shareWholeNumberFrom1'))
      .optional(),
    key: requestKey,
  })
  .strict();
export type PaymentBody = z.infer<typeof paymentBody>;

/** POST /api/v1/bills/{id}/refunds (staff): money taken at the restaurant, given back. */
export const billRefundBody = z
  .object({
    method: z.enum(BILL_PAYMENT_METHODS, { error: said('fieldMethodOne', { v0: BILL_PAYMENT_METHODS.join(', ') }) }),
    amount: moneyField('amount', 0.01, 10_000_000),
    reason: textField('reason', 200),
    key: paymentBody.shape.key,
  })
  .strict();
export type BillRefundBody = z.infer<typeof billRefundBody>;
export { DAY_FIGURE_DEFINITIONS } from './values.ts';

/** GET /api/v1/reports/day?date=&branch= (`branch=all`: the brand's day, one row per branch). */
export const dayQuery = z.object({ date: localDate });
/** A day's figures, a branch's or the brand's (the same definitions, docs/reference/branches.md). */
const dayFiguresSchema = z.object({
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
/** A branch's day report: its figures and the branch they are of. */
export const dayReportSchema = dayFiguresSchema.extend({ branchId: z.string() });
export type DayReport = z.infer<typeof dayFiguresSchema>;
export const dayReportResponse = z.object({ data: dayReportSchema });

/**
 * `GET /api/v1/reports/day?branch=all` (brand admins): the brand's figures, each the sum of its
 * branches' (the same definitions, in the brand's currency), beside one row per branch: every
 * open branch, and an archived one on a day it has figures of.
 */
export const brandDayReportSchema = dayFiguresSchema.extend({
  branchId: z.literal('all'),
  branches: z.array(dayReportSchema.extend({ slug: z.string(), name: z.string() })),
});
export type BrandDayReport = z.infer<typeof brandDayReportSchema>;
export const anyDayReportResponse = z.object({ data: z.union([brandDayReportSchema, dayReportSchema]) });

/** POST /api/v1/reports/cash-count */
export const cashCountBody = z.object({ date: localDate, counted: moneyField('counted', 0, 100_000_000) }).strict();
export const cashCountResponse = z.object({
  data: z.object({ expected: z.number(), counted: z.number(), difference: z.number() }),
});
