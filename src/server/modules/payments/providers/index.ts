import type Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import { createBkashProvider } from './bkash.ts';
import { createDemoProvider } from './demo.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { createStripeProvider } from './stripe.ts';

/**
 * The providers this environment sets up (README "Configuration"): Stripe and bKash by their keys, `demo` always (offered when neither is).
 * `now` is the app's clock: bKash's grant token is kept by it (Stripe's library checks a webhook's age by the real time).
 */
export function createPaymentProviders(
  config: Pick<Config, 'stripe' | 'bkash'>,
  now: () => number = Date.now,
): {
  byName: Partial<Record<ProviderName, PaymentProvider>>;
  stripeEvent: ((body: Buffer, signature: string) => Stripe.Event) | undefined;
} {
  const byName: Partial<Record<ProviderName, PaymentProvider>> = { demo: createDemoProvider() };
  let stripeEvent: ((body: Buffer, signature: string) => Stripe.Event) | undefined;
  if (config.stripe) {
    const stripe = createStripeProvider({ ...config.stripe, timeoutMs: 4_000 });
    byName.stripe = stripe;
    stripeEvent = (body, signature) => stripe.constructEvent(body, signature);
  }
  if (config.bkash) byName.bkash = createBkashProvider({ ...config.bkash, timeoutMs: 4_000, now });
  return { byName, stripeEvent };
}
