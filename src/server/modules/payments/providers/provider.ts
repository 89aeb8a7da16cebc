import { type Minor, asMinor } from '../../../../shared/domain/money.ts';

/**
 * One interface for every payment provider (docs/reference/ordering.md "Payments"). Amounts are integer minor
 * units of the restaurant's currency (cents, paisa), typed `Minor` (decision 065): each provider converts at its
 * own edge (Stripe's zero-decimal currencies, bKash's decimal text); currencies are ISO codes in upper case.
 * A provider never decides what our payment is: it reports what it knows, and the payments
 * service compares the amount and currency and moves the payment on.
 */
export const PROVIDER_NAMES = ['demo', 'stripe', 'bkash'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export type ProviderStatus = 'pending' | 'succeeded' | 'failed' | 'expired';

export interface CreateInput {
  /** Our payment's id (metadata, return address). */
  paymentId: number;
  /** The payment's idempotency key, with the install's id (provider-keys.ts): the same key creates the same thing at the provider. */
  key: string;
  amount: Minor;
  currency: string;
  description: string;
  /** Where the guest comes back to (`/payments/{id}`). */
  returnUrl: string;
  /** When the provider's page should stop taking the payment (epoch seconds), where it can be told. */
  expiresAt?: number;
  email?: string;
}

export interface Created {
  providerRef: string;
  redirectUrl: string;
}

/** What the provider says of a payment. `captureRef`: what a refund names (Stripe's PaymentIntent, bKash's trxID). */
export interface Verified {
  status: ProviderStatus;
  amount: Minor;
  currency: string;
  captureRef?: string | undefined;
  /** How a bill counts the money, where the provider knows it (the demo: the method its form chose). */
  method?: string | undefined;
}

export interface VerifyInput {
  providerRef: string;
  /** What our row holds (the demo provider answers from it). */
  amount: Minor;
  currency: string;
  captureRef: string | null;
  /** What the guest's return address said (bKash: success | failure | cancel); never believed alone. */
  returned?: string | undefined;
  /** The method the demo's form chose (the spec's PAY: bank, bkash, nagod); never believed by a real provider. */
  method?: string | undefined;
}

export interface RefundInput {
  providerRef: string;
  captureRef: string | null;
  amount: Minor;
  currency: string;
  /** The refund's own idempotency key, with the install's id. */
  key: string;
  reason: string;
}

export interface Refunded {
  refundRef: string;
  amount: Minor;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  create(input: CreateInput): Promise<Created>;
  verify(input: VerifyInput): Promise<Verified>;
  refund(input: RefundInput): Promise<Refunded>;
  /**
   * Closes the provider's page before its own expiry, so that nothing can be paid on it any more
   * (a deposit's hold ended): 'closed', or 'not-open' when it was already completed or expired
   * (the caller then asks `verify`). A provider where money moves only at our own call (bKash's
   * execute, the demo) needs nothing and has no `close`.
   */
  close?(providerRef: string, key: string): Promise<'closed' | 'not-open'>;
}

/**
 * A provider that did not answer, or answered with an error. `definite`: the provider refused
 * the request itself (4xx, a business error), so sending it again will not help; otherwise
 * (down, slow, 5xx) the same call may be tried again later.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly definite = false,
  ) {
    super(message);
  }
}

/** Currencies without minor units at Stripe (its amounts are whole units there). */
export const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** 1250 → "12.50": bKash's amounts are decimal text. */
export function decimalText(minor: Minor): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.5" → 1250; NaN for anything that is not a decimal amount with at most two decimals. */
export function minorOfText(text: unknown): Minor {
  const value = typeof text === 'number' ? String(text) : text;
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value.trim())) return asMinor(Number.NaN);
  const [whole = '0', cents = ''] = value.trim().split('.');
  return asMinor(Number(whole) * 100 + Number(cents.padEnd(2, '0')));
}
