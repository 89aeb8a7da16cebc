import { asBranchId } from '../../db/branch.ts';
import { badGateway, badRequest } from '../../http/errors.ts';
import { type PaymentsContext, type PurposeSettled, purposeOf } from './payments.context.ts';
import { type PaymentRow, createPaymentsRepository } from './payments.repository.ts';
import type { Verified } from './providers/provider.ts';
import type { Refunds } from './refunds.ts';
import { ZERO, asMinor } from '../../../shared/domain/money.ts';

/**
 * A payment's way from pending to final (docs/reference/ordering.md "Payments"): created at its provider with
 * its idempotency key; asked about (nothing the guest's return address says is believed alone);
 * moved by a compare-and-set on `pending`, in one transaction with what it pays for (its
 * purpose, plugged in by the module that owns it) and the webhook event id, so a webhook, the
 * guest's return, the scheduler and a second server racing count it once.
 */
export function createSettling(ctx: PaymentsContext, refunds: Refunds) {
  const { db, deps, payments, keys, iso, now, timing } = ctx;
  const returnUrl = (id: number) => `${deps.publicUrl}/payments/${id}`;

  /** Creates the payment at its provider (the same key gives the same session at Stripe) and keeps its reference and page. */
  async function openAtProvider(
    row: PaymentRow,
    email?: string,
  ): Promise<{ providerRef: string; redirectUrl: string }> {
    const provider = ctx.providerOf(row);
    if (!provider) throw badRequest('paymentsAreNotSetUp', { v0: row.provider });
    const created = await provider.create({
      paymentId: row.id,
      key: await keys.ofPayment(row),
      amount: asMinor(row.amount),
      currency: row.currency,
      description:
        row.ticket_id !== null
          ? `Order ${row.ticket_id}`
          : row.reservation_id !== null
            ? `Deposit for reservation ${row.reservation_id}`
            : `Payment ${row.id}`,
      returnUrl: returnUrl(row.id),
      // From the row, so that a second call with the same key sends the very same request.
      expiresAt: Math.floor(Date.parse(row.created_at) / 1000) + 31 * 60,
      ...(email ? { email } : {}),
    });
    await payments.opened(row.id, created.providerRef, created.redirectUrl);
    return created;
  }

  /**
   * Moves a pending payment to what the provider said, with what it pays for, in one transaction
   * (and the webhook event id, which then counts as processed). A payment no longer pending is
   * left as it is. Whether this call moved it.
   */
  async function settle(row: PaymentRow, verified: Verified, event?: { id: string; type: string }): Promise<boolean> {
    let outcome: 'succeeded' | 'failed' | 'expired' | undefined;
    let failure: string | null = null;
    if (verified.status === 'succeeded') {
      const matches =
        verified.amount === Number(row.amount) && verified.currency.toUpperCase() === row.currency.toUpperCase();
      outcome = matches ? 'succeeded' : 'failed';
      if (!matches) {
        failure = `the provider reported ${verified.amount} ${verified.currency} for ${Number(row.amount)} ${row.currency}`;
        deps.log.warn(
          { paymentId: row.id, provider: row.provider },
          `payment amount or currency does not match: ${failure}`,
        );
      }
    } else if (verified.status === 'failed' || verified.status === 'expired') {
      outcome = verified.status;
      failure = verified.status === 'failed' ? 'the provider reported the payment failed' : null;
    }
    const settings = await deps.restaurant.at(asBranchId(row.branch_id)).get();
    const kind = purposeOf(row);
    const purpose = kind ? ctx.purposes.get(kind) : undefined;
    let giveBack: number | undefined;
    let result: PurposeSettled = {};
    await purpose?.prepare?.(settings, row);
    const moved = await db.transaction().execute(async (trx) => {
      await purpose?.lock?.(trx, row);
      const repository = createPaymentsRepository(trx);
      if (event && !(await ctx.events.finish(trx, event.id, row.id))) return false;
      if (!outcome) return false;
      const changed = await repository.settle(row.id, {
        status: outcome,
        capture_ref: verified.captureRef ?? row.capture_ref,
        failure,
        settled_at: iso(),
      });
      if (!changed) return false;
      if (verified.status === 'succeeded' && outcome === 'failed') {
        // Money was captured, but not what was asked: all of it goes back at once, and nothing counts.
        const { refund } = await repository.insertRefund({
          payment_id: row.id,
          key: `mismatch-${row.id}`,
          amount: verified.amount,
          reason: `Not what was asked: ${failure ?? ''}`,
          status: 'pending',
          provider_ref: null,
          by_user_id: null,
          failure: null,
          created_at: iso(),
          settled_at: null,
        });
        giveBack = refund.id;
      }
      if (!purpose) return true;
      result = await purpose.settled(trx, { row, outcome, method: verified.method, settings });
      if (result.giveBack)
        giveBack = (
          await refunds.write(
            trx,
            { ...row, status: 'succeeded', refunded: ZERO },
            asMinor(row.amount),
            result.giveBack.key,
            result.giveBack.reason,
            null,
          )
        )?.id;
      return true;
    });
    if (moved) {
      deps.log.info({ paymentId: row.id, provider: row.provider, status: outcome }, 'payment settled');
      await result.after?.();
      if (giveBack !== undefined) await refunds.send(giveBack);
    }
    return moved;
  }

  /**
   * Asks the provider about a pending payment and settles it by the answer. A payment the
   * provider has no reference for (the server stopped before it heard back) is created again
   * with its key at Stripe, which answers the same session; at bKash it expires once it is old.
   * Provider errors are thrown (ProviderError); the row as it is now is returned.
   */
  async function refresh(row: PaymentRow, returned?: string, method?: string): Promise<PaymentRow> {
    if (row.status !== 'pending') return row;
    const provider = ctx.providerOf(row);
    if (!provider) return row;
    const age = now() - Date.parse(row.created_at);
    let providerRef = row.provider_ref;
    if (providerRef === null) {
      if (row.provider === 'stripe') providerRef = (await openAtProvider(row)).providerRef;
      else if (age >= (row.reservation_id !== null ? timing.depositHoldMs : timing.giveUpAfterMs)) {
        await settle(row, { status: 'expired', amount: asMinor(row.amount), currency: row.currency });
        return (await payments.byId(row.id)) ?? row;
      } else return row;
    }
    const verified = await provider.verify({
      providerRef,
      amount: asMinor(row.amount),
      currency: row.currency,
      captureRef: row.capture_ref,
      returned,
      method,
    });
    // Still pending long after the provider's page closed: nobody can pay it any more.
    if (verified.status === 'pending' && age >= timing.giveUpAfterMs)
      await settle(row, { ...verified, status: 'expired' });
    else if (verified.status === 'pending' && row.reservation_id !== null && age >= timing.depositHoldMs)
      await close(row, providerRef);
    else if (verified.status !== 'pending') await settle(row, verified);
    return (await payments.byId(row.id)) ?? row;
  }

  /**
   * A held payment's time is over (a deposit's 15 minutes) or what it paid for is gone: the
   * provider's page is closed first (Stripe's session expired; bKash and the demo move money only
   * at our own call), then the payment is expired. A page that was paid just before it closed is
   * settled as paid instead (and refunded by its purpose if what it paid for is gone).
   */
  async function close(row: PaymentRow, providerRef: string): Promise<void> {
    const provider = ctx.providerOf(row);
    if (!provider) return;
    if (provider.close && (await provider.close(providerRef, await keys.ofPayment(row))) === 'not-open') {
      const verified = await provider.verify({
        providerRef,
        amount: asMinor(row.amount),
        currency: row.currency,
        captureRef: row.capture_ref,
      });
      if (verified.status !== 'pending') {
        await settle(row, verified);
        return;
      }
    }
    await settle(row, { status: 'expired', amount: asMinor(row.amount), currency: row.currency });
  }

  /** Ends a pending payment whose purpose went away unpaid (its page closed); never throws (the scheduler closes it in time). */
  async function abandon(id: number): Promise<void> {
    const row = await payments.byId(id);
    if (!row || row.status !== 'pending') return;
    try {
      if (row.provider_ref === null)
        await settle(row, { status: 'expired', amount: asMinor(row.amount), currency: row.currency });
      else await close(row, row.provider_ref);
    } catch (error) {
      deps.log.warn(
        { paymentId: id },
        `could not close the payment's page: ${error instanceof Error ? error.message : 'error'}`,
      );
    }
  }

  /**
   * Creates a payment written with what it pays for at its provider: its page to send the payer
   * to. A provider that does not answer ends the payment (and, through its purpose, what it paid
   * for) at once, nothing having been charged → 502.
   */
  async function openOrEnd(
    row: PaymentRow,
    email: string | undefined,
    what: string,
  ): Promise<{ _id: string; redirectUrl: string }> {
    try {
      const created = await openAtProvider(row, email);
      return { _id: String(row.id), redirectUrl: created.redirectUrl };
    } catch (error) {
      deps.log.warn(
        { paymentId: row.id, provider: row.provider },
        `could not create the ${what} at the provider: ${error instanceof Error ? error.message : 'no answer'}`,
      );
      // Stripe may still have made the session (slow): nobody was sent to it, and it expires unpaid.
      await settle(row, { status: 'failed', amount: asMinor(row.amount), currency: row.currency });
      throw badGateway('notAnsweringRightNowNothing', { v0: row.provider === 'bkash' ? 'bKash' : 'Stripe' });
    }
  }

  return { settle, refresh, abandon, openOrEnd };
}

export type Settling = ReturnType<typeof createSettling>;
