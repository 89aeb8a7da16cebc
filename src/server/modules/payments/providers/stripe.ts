import Stripe from 'stripe';
import {
  type Created,
  type CreateInput,
  type PaymentProvider,
  ProviderError,
  type RefundInput,
  type Refunded,
  type Verified,
  type VerifyInput,
  ZERO_DECIMAL,
} from './provider.ts';
import { type Minor, asMinor, toMajor, toMinor } from '../../../../shared/domain/money.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another host for the library's calls (tests); Stripe's own when undefined. */
  apiBase: URL | undefined;
  /** How long one call may take before it counts as not answered. */
  timeoutMs?: number;
}

/** Our minor units → Stripe's amount (whole units for its zero-decimal currencies). */
function toStripeAmount(minor: Minor, currency: string): number {
  return ZERO_DECIMAL.has(currency) ? Math.round(toMajor(minor)) : minor;
}
/** Stripe's amount → our minor units (its zero-decimal currencies' whole units are hundredths here). */
function fromStripeAmount(amount: number, currency: string): Minor {
  return ZERO_DECIMAL.has(currency) ? toMinor(amount) : asMinor(amount);
}

/** A library error as a ProviderError: 4xx (other than 409, 429) is the request's fault; the rest may pass. */
function providerError(error: unknown, what: string): ProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const definite = status >= 400 && status < 500 && status !== 409 && status !== 429;
    return new ProviderError('stripe', `Stripe ${what}: ${error.type}${status ? ` ${status}` : ''}`, definite);
  }
  return new ProviderError('stripe', `Stripe ${what}: ${error instanceof Error ? error.message : 'no answer'}`);
}

/**
 * Card payments through Stripe Checkout (docs.stripe.com "Checkout Sessions"), with the
 * official library: a Checkout Session of one amount, created with our key as its
 * Idempotency-Key; the session and its PaymentIntent read back to learn what happened;
 * refunds on the PaymentIntent, each with its own key. Card data never reaches us: the guest
 * types it on Stripe's hosted page.
 */
export function createStripeProvider(
  settings: StripeSettings,
): PaymentProvider & { client: Stripe; constructEvent(body: Buffer, signature: string): Stripe.Event } {
  const base = settings.apiBase;
  const client = new Stripe(settings.secretKey, {
    // One retry (same Idempotency-Key): a guest waits at most about two timeouts.
    maxNetworkRetries: 1,
    timeout: settings.timeoutMs ?? 8_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });

  return {
    name: 'stripe',
    client,

    async create(input: CreateInput): Promise<Created> {
      const currency = input.currency.toLowerCase();
      const returnUrl = new URL(input.returnUrl);
      returnUrl.searchParams.set('session_id', '{CHECKOUT_SESSION_ID}');
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency,
                  unit_amount: toStripeAmount(input.amount, input.currency),
                  product_data: { name: input.description },
                },
              },
            ],
            // The braces are Stripe's template, which it fills with the session's id.
            success_url: returnUrl.toString().replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}'),
            cancel_url: input.returnUrl,
            client_reference_id: String(input.paymentId),
            metadata: { paymentId: String(input.paymentId) },
            payment_intent_data: { metadata: { paymentId: String(input.paymentId) } },
            ...(input.expiresAt ? { expires_at: input.expiresAt } : {}),
            ...(input.email ? { customer_email: input.email } : {}),
          },
          { idempotencyKey: `create-${input.key}` },
        );
      } catch (error) {
        throw providerError(error, 'did not create the payment');
      }
      if (!session.url) throw new ProviderError('stripe', 'Stripe created a session without a payment page');
      return { providerRef: session.id, redirectUrl: session.url };
    },

    async verify(input: VerifyInput): Promise<Verified> {
      try {
        const session = await client.checkout.sessions.retrieve(input.providerRef);
        const currency = (session.currency ?? '').toUpperCase();
        const intentId =
          typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
        if (session.status === 'expired')
          return { status: 'expired', amount: fromStripeAmount(session.amount_total ?? 0, currency), currency };
        if (!intentId)
          return { status: 'pending', amount: fromStripeAmount(session.amount_total ?? 0, currency), currency };
        // The PaymentIntent is what moved the money: its amount received is what we were paid.
        const intent = await client.paymentIntents.retrieve(intentId);
        const intentCurrency = intent.currency.toUpperCase();
        if (intent.status === 'succeeded')
          return {
            status: 'succeeded',
            amount: fromStripeAmount(intent.amount_received, intentCurrency),
            currency: intentCurrency,
            captureRef: intent.id,
          };
        if (intent.status === 'canceled')
          return {
            status: 'failed',
            amount: fromStripeAmount(intent.amount, intentCurrency),
            currency: intentCurrency,
            captureRef: intent.id,
          };
        return {
          status: 'pending',
          amount: fromStripeAmount(intent.amount, intentCurrency),
          currency: intentCurrency,
          captureRef: intent.id,
        };
      } catch (error) {
        throw providerError(error, 'did not say how the payment went');
      }
    },

    async refund(input: RefundInput): Promise<Refunded> {
      if (!input.captureRef)
        throw new ProviderError('stripe', 'Stripe: this payment has no PaymentIntent to refund', true);
      try {
        const refund = await client.refunds.create(
          {
            payment_intent: input.captureRef,
            amount: toStripeAmount(input.amount, input.currency),
            reason: 'requested_by_customer',
            metadata: { reason: input.reason.slice(0, 500) },
          },
          { idempotencyKey: `refund-${input.key}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          throw new ProviderError('stripe', `Stripe refused the refund (${refund.status})`, true);
        return { refundRef: refund.id, amount: fromStripeAmount(refund.amount, input.currency) };
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw providerError(error, 'did not refund');
      }
    },

    /** Expires an open Checkout Session (docs.stripe.com "Expire a Checkout Session"): nobody can pay on its page afterwards. */
    async close(providerRef: string, key: string): Promise<'closed' | 'not-open'> {
      try {
        await client.checkout.sessions.expire(providerRef, {}, { idempotencyKey: `expire-${key}` });
        return 'closed';
      } catch (error) {
        // Only an open session can be expired: a completed (or expired) one answers 400.
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 400) return 'not-open';
        throw providerError(error, 'did not close the payment page');
      }
    },

    /** A webhook's event, if its Stripe-Signature header signs this very body with our secret (throws otherwise). */
    constructEvent(body: Buffer, signature: string): Stripe.Event {
      return client.webhooks.constructEvent(body, signature, settings.webhookSecret);
    },
  };
}
