import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants.ts';
import { changed, moneyField, pathId, recordIdParams, requestKey, singleQueryString, textField } from './common.ts';
import { said } from '../i18n/said.ts';

/**
 * Payments (docs/reference/ordering.md "Payments"):
 *   GET  /api/v1/payments/providers             → providersResponse
 *   GET  /api/v1/payments/{id}                  → paymentResponse (the provider is asked first)
 *   POST /api/v1/payments                       billPaymentBody → 201 paymentResponse (200 for a repeated key)
 *   POST /api/v1/payments/{id}/refund           refundBody → changed(payment) (admin)
 *   POST /api/v1/payments/webhooks/stripe       Stripe's signed events
 * Checkout's `pay: { provider }` places a ticket `awaiting_payment` and answers `payment: { _id, redirectUrl }`.
 */
export const PAYMENT_PROVIDERS = ['demo', 'stripe', 'bkash'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** The providers a guest is sent to (checkout's `pay: { provider }`). */
export const ONLINE_PROVIDERS = ['stripe', 'bkash'] as const;
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];
export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_MESSAGES = {
  notSetUp: (provider: string) => said('paymentsAreNotSetUp', { v0: provider }),
  bkashCurrency: said('paymentsBkashAreTakenBDT'),
  providerDown: (provider: string) =>
    said('notAnsweringRightNowNothing', { v0: provider === 'bkash' ? 'bKash' : 'Stripe' }),
  refunded: said('refundHasBeenSent'),
  notRefundable: said('onlyPaidPaymentCanRefunded'),
  /** `left` as formatMoney writes it, in the payment's currency. */
  tooMuch: (left: string) => said('mostCanRefunded', { v0: left }),
  nothingDue: said('nothingDueBill'),
  keyReused: said('keyWasAlreadyUsedAnother3'),
  refundKeyReused: said('keyWasAlreadyUsedAnother'),
  /** `due` as formatMoney writes it. */
  moreThanDue: (due: string) => said('amountMoreThanBillS', { v0: due }),
} as const;

export const onlinePay = z.object({
  provider: z.enum(ONLINE_PROVIDERS, { error: said('providerOne', { v0: ONLINE_PROVIDERS.join(', ') }) }),
});

export const providersResponse = z.object({ data: z.array(z.object({ provider: z.enum(PAYMENT_PROVIDERS) })) });

export const paymentSchema = z.object({
  _id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  currency: z.string(),
  refunded: z.number(),
  createdAt: z.string(),
  ticketId: z.string().optional(),
  billId: z.string().optional(),
  /** A deposit's reservation (decision 032). */
  reservationId: z.string().optional(),
  redirectUrl: z.string().optional(),
  settledAt: z.string().optional(),
  /**
   * Once the money was taken (succeeded, refunded, partially_refunded): whether it counted on
   * its bill (or ticket). `false` when it arrived for a bill already paid, or with less due than
   * it brought: nothing was counted and it is refunded in full (decision 031, addendum). Absent
   * while pending, and for a payment that failed or expired.
   */
  counted: z.boolean().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResponse = z.object({ data: paymentSchema });
export const paymentChangedResponse = changed(paymentSchema);
export const paymentIdParams = recordIdParams('id');

/** What the provider's return address carries (bKash: paymentID and status; Stripe: session_id); never believed alone. */
export const paymentReturnQuery = z.object({
  paymentID: singleQueryString.max(200).optional(),
  status: singleQueryString.max(20).optional(),
  session_id: singleQueryString.max(200).optional(),
  /** The method the demo provider's form chose (docs/reference/storefront.md PAY: bank, bkash, nagod). */
  method: z.enum(PAYMENT_METHODS, { error: said('fieldMethodOne', { v0: PAYMENT_METHODS.join(', ') }) }).optional(),
});

export const refundBody = z.object({
  amount: moneyField('amount', 0.01, 10_000_000).optional(),
  reason: textField('reason', 300),
  /** The same key sends one refund however often the request repeats. */
  key: z
    .string()
    .trim()
    .min(8, said('key8100Characters'))
    .max(100, said('key8100Characters'))
    .regex(/^[\w-]+$/, said('keyMayUseLettersDigits'))
    .optional(),
});
export type RefundBody = z.infer<typeof refundBody>;

/** Checkout's answer adds the payment the guest is sent to. */
export const checkoutPayment = z.object({ _id: z.string(), redirectUrl: z.string() });

/** POST /api/v1/payments: an online payment of a bill's current due (+ tip), by its guest or staff. */
export const billPaymentBody = z
  .object({
    billId: z
      .union([z.string(), z.number()], { error: said('billidRequired') })
      .transform(String)
      .pipe(pathId('billId')),
    // The demo provider too, where it is on (no other is set up): the service refuses a provider not set up.
    provider: z.enum(PAYMENT_PROVIDERS, { error: said('providerOne', { v0: PAYMENT_PROVIDERS.join(', ') }) }),
    /** A share of the due (at most the due; 409 beyond); all of it when absent. */
    amount: moneyField('amount', 0.01, 10_000_000).optional(),
    tip: moneyField('tip', 0, 10_000_000).optional(),
    key: requestKey,
  })
  .strict();
export type BillPaymentBody = z.infer<typeof billPaymentBody>;
