import type Stripe from 'stripe';
import { badGateway, badRequest } from '../../http/errors.ts';
import type { PaymentsContext } from './payments.context.ts';
import type { PaymentRow } from './payments.repository.ts';
import type { PaymentProvider, Verified } from './providers/provider.ts';
import type { Settling } from './settling.ts';
import { EVENT_CLAIM_MS } from './webhook-events.ts';
import { asMinor } from '../../../shared/domain/money.ts';

/** What a Stripe event says about which of our payments. */
function stripeTarget(event: Stripe.Event): { sessionId?: string; paymentId?: number; intentId?: string } | undefined {
  const object = event.data.object as { id?: unknown; object?: unknown; metadata?: Record<string, string> | null };
  if (typeof object.id !== 'string') return undefined;
  if (event.type.startsWith('checkout.session.')) return { sessionId: object.id };
  if (event.type.startsWith('payment_intent.')) {
    const paymentId = Number(object.metadata?.paymentId);
    return { intentId: object.id, ...(Number.isSafeInteger(paymentId) && paymentId > 0 ? { paymentId } : {}) };
  }
  return undefined;
}

/** Stripe's webhooks: verified by their signature, each event id claimed once, nothing believed until Stripe is asked. */
export function createWebhooks(ctx: PaymentsContext, settling: Settling) {
  const { db, deps, payments, events, iso, now } = ctx;

  /**
   * A Stripe event this server claimed: its payment, while pending, is settled by what Stripe
   * says now (the signed event alone is not believed); the event counts as processed in that
   * settling transaction, or here when there was nothing to settle (another install's event, a
   * payment already final, Stripe still pending). Throws 502 when Stripe does not answer.
   */
  async function process(event: Stripe.Event): Promise<void> {
    const target = stripeTarget(event);
    let row: PaymentRow | undefined;
    if (target?.sessionId) row = await payments.byProviderRef('stripe', target.sessionId);
    else if (target?.paymentId) row = await payments.byId(target.paymentId);
    if (!row && target?.intentId) row = await payments.byCaptureRef('stripe', target.intentId);
    if (row?.provider === 'stripe' && row.status === 'pending' && row.provider_ref !== null) {
      let verified: Verified;
      try {
        verified = await (deps.providers.stripe as PaymentProvider).verify({
          providerRef: row.provider_ref,
          amount: asMinor(row.amount),
          currency: row.currency,
          captureRef: row.capture_ref,
        });
      } catch (error) {
        throw badGateway(error instanceof Error ? error.message : 'Stripe did not answer');
      }
      if (verified.status !== 'pending') await settling.settle(row, verified, { id: event.id, type: event.type });
    }
    await events.finish(db, event.id, row?.provider === 'stripe' ? row.id : null);
  }

  /** POST /api/v1/payments/webhooks/stripe: a signed event, each id once. */
  async function stripe(body: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
    if (!deps.stripeEvent) throw badRequest('paymentsAreNotSetUp', { v0: 'stripe' });
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no signature');
      event = deps.stripeEvent(body, signature);
    } catch {
      throw badRequest('stripeSignatureEventNotValid');
    }
    // Claimed before Stripe is asked: another delivery of this event meanwhile, or later, is a duplicate.
    if (!(await events.claim(event, 'stripe', iso(), iso(now() + EVENT_CLAIM_MS)))) return { duplicate: true };
    try {
      await process(event);
    } catch (error) {
      // Not processed (Stripe did not answer): its next delivery is.
      await events.release(event.id);
      throw error;
    }
    return { duplicate: false };
  }

  return { stripe };
}
