import { asBranchId } from '../../db/branch.ts';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import { type RefundBody } from '../../../shared/contract/payments.ts';
import { formatMinor } from '../../../shared/format-money.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { PaymentsContext } from './payments.context.ts';
import { type PaymentRow, createPaymentsRepository } from './payments.repository.ts';
import { ProviderError } from './providers/provider.ts';
import { refundKeyOf } from './refund-keys.ts';
import { type Minor, asMinor, subtractMinor } from '../../../shared/domain/money.ts';

/**
 * Refunds of online payments: set aside in a transaction (the payment's `refunded` reserves the
 * amount, its key makes it once), then sent to the provider once committed, again after a
 * failure that may not be final (the scheduler), and written back on the bill payment that
 * payment made (the `refunded` hooks).
 */
export function createRefunds(ctx: PaymentsContext) {
  const { db, deps, payments, keys, iso } = ctx;

  /** Sets aside a refund of `amount` (minor units) with `key`, in `executor`; its id, undefined when too much. */
  async function write(
    executor: Kysely<AppDatabase>,
    payment: PaymentRow,
    amount: Minor,
    key: string,
    reason: string,
    by: number | null,
  ): Promise<{ id: number; created: boolean } | undefined> {
    const repository = createPaymentsRepository(executor);
    // One refund of a payment at a time: the same key repeated at once finds the first one.
    await repository.lock(payment.id, deps.engine);
    const existing = await repository.refundByKey(key);
    if (existing) return { id: existing.id, created: false };
    if (!(await repository.reserveRefund(payment.id, amount))) return undefined;
    const { refund, created } = await repository.insertRefund({
      payment_id: payment.id,
      key,
      amount,
      reason,
      status: 'pending',
      provider_ref: null,
      by_user_id: by,
      failure: null,
      created_at: iso(),
      settled_at: null,
    });
    return { id: refund.id, created };
  }

  /** Sends a refund written before (again, with its key, after a failure); never throws. */
  async function send(refundId: number): Promise<void> {
    const refund = await payments.refundById(refundId);
    if (!refund || refund.status !== 'pending') return;
    const payment = await payments.byId(refund.payment_id);
    const provider = payment ? ctx.providerOf(payment) : undefined;
    if (!payment || !provider || payment.provider_ref === null) return;
    try {
      const sent = await provider.refund({
        providerRef: payment.provider_ref,
        captureRef: payment.capture_ref,
        amount: asMinor(refund.amount),
        currency: payment.currency,
        key: await keys.ofRefund(refund),
        reason: refund.reason,
      });
      const settings = await deps.restaurant.at(asBranchId(payment.branch_id)).get();
      await db.transaction().execute(async (trx) => {
        const repository = createPaymentsRepository(trx);
        if (
          !(await repository.settleRefund(refund.id, {
            status: 'succeeded',
            provider_ref: sent.refundRef,
            failure: null,
            settled_at: iso(),
          }))
        )
          return;
        await repository.restatus(payment.id);
        // The bill payment this payment made shows it, on the day it went through (the day report's refunds).
        for (const hook of ctx.refunded) await hook(trx, settings, payment.id, asMinor(refund.amount));
      });
      deps.log.info({ paymentId: payment.id, refundId: refund.id, provider: payment.provider }, 'refund sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : 'refund failed';
      if (error instanceof ProviderError && error.definite) {
        await db.transaction().execute(async (trx) => {
          const repository = createPaymentsRepository(trx);
          // A failed payment's captured money was never set aside (nothing counted): nothing to put back.
          if (
            (await repository.settleRefund(refund.id, { status: 'failed', failure: message, settled_at: iso() })) &&
            payment.status !== 'failed'
          )
            await repository.unreserveRefund(payment.id, asMinor(refund.amount));
        });
        deps.log.warn({ paymentId: payment.id, refundId: refund.id }, `refund refused: ${message}`);
      } else {
        await payments.refundTried(refund.id, message);
        deps.log.warn(
          { paymentId: payment.id, refundId: refund.id },
          `refund not sent yet, will try again: ${message}`,
        );
      }
    }
  }

  /** POST /api/v1/payments/{id}/refund (admin): part or all of what is left, once per key. */
  async function byAdmin(caller: Caller, id: number, body: RefundBody): Promise<PaymentRow> {
    const row = await payments.byId(id);
    if (!row) throw notFound('noSuchPayment');
    const key = `admin-${id}-${body.key ?? randomUUID()}`;
    // The client's key is bound to this payment and amount: sent again with another, 409 and nothing changes (refund-keys.ts).
    const bound = refundKeyOf(id, body);
    await bound?.check(db);
    const existing = await payments.refundByKey(key);
    if (!existing) {
      if (!['succeeded', 'partially_refunded'].includes(row.status) && row.status !== 'refunded')
        throw conflict('onlyPaidPaymentCanRefunded');
      const left = subtractMinor(asMinor(row.amount), asMinor(row.refunded));
      const amount = body.amount === undefined ? left : toMinorUnits(body.amount);
      if (amount <= 0 || amount > left) throw conflict('mostCanRefunded', { v0: formatMinor(left, row.currency) });
      const written = await db.transaction().execute(async (trx) => {
        await bound?.claim(trx, iso());
        const refund = await write(trx, row, amount, key, body.reason, caller.id);
        // Too much by now (another refund went first): nothing is kept, the key neither.
        if (!refund)
          throw conflict('mostCanRefunded', {
            v0: formatMinor(
              subtractMinor(
                asMinor(row.amount),
                asMinor((await createPaymentsRepository(trx).byId(id))?.refunded ?? row.amount),
              ),
              row.currency,
            ),
          });
        return refund;
      });
      await send(written.id);
    } else if (existing.status === 'pending') await send(existing.id);
    return (await payments.byId(id)) as PaymentRow;
  }

  return { write, send, byAdmin };
}

export type Refunds = ReturnType<typeof createRefunds>;
