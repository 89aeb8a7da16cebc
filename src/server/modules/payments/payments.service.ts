import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { roleAtLeast } from '../../../shared/constants.ts';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import { type BillPaymentBody, type OnlineProvider, PAYMENT_MESSAGES, type Payment, type PaymentProviderName, type RefundBody } from '../../../shared/contract/payments.ts';
import type { CheckoutBody, Ticket } from '../../../shared/contract/tickets.ts';
import { type CreateReservationBody, type Reservation, type ReservationDeposit } from '../../../shared/contract/reservations.ts';
import { DEPOSIT_HOLD_MINUTES } from '../../../shared/domain/workflows.ts';
import { addMinutes, wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { DepositHooks, ReservationsService } from '../reservations/reservations.service.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badGateway, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { BillsService, OnlineRefunds } from '../bills/bills.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { toPayment } from './payments.mappers.ts';
import { createProviderKeys } from './provider-keys.ts';
import { refundKeyOf } from './refund-keys.ts';
import { EVENT_CLAIM_MS, createWebhookEvents } from './webhook-events.ts';
import { type PaymentRow, createPaymentsRepository } from './payments.repository.ts';
import { type PaymentProvider, ProviderError, type Verified } from './providers/provider.ts';
import { formatMoney } from '../../../shared/format-money.ts';

/**
 * Payments (ORDERING.md "Payments"): a payment is written with what it pays for (today a
 * checkout ticket, `awaiting_payment`; a bill's id once bills exist), then created at the
 * provider with its idempotency key, and the guest sent to the provider's page. Nothing the
 * guest's return address says is believed alone: the provider is asked (Stripe: the session and
 * its PaymentIntent; bKash: execute, then the status), Stripe's webhooks are verified by their
 * signature and each event id counts once, and the provider's amount and currency must be the
 * payment's. Every move of a payment is a compare-and-set on `pending`, in one transaction with
 * the ticket's move (and the event id), so a webhook, the guest's return, the scheduler and a
 * second server racing, or a server killed between the provider's answer and its own write,
 * count it once. A scheduler (one server at a time, by a lease) asks again about payments still
 * pending after 15 minutes, every minute, and sends refunds that did not go through.
 */

export interface PaymentsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PaymentsDeps {
  tickets: TicketsService;
  /** Where a succeeded payment counts and its refunds show (ORDERING.md "The bill"). */
  bills: Pick<BillsService, 'recordSucceeded' | 'announcePaid' | 'refundedOnline' | 'payable' | 'ticketMoved' | 'depositOnBill' | 'closeCovered'>;
  /** A deposit's booking (decision 032): written with its payment, moved by its settle. */
  reservations: Pick<ReservationsService, 'create' | 'depositSettled' | 'depositDue'>;
  restaurant: RestaurantService;
  /** The providers set up in this environment (config); `demo` when no other is. */
  providers: Partial<Record<PaymentProviderName, PaymentProvider>>;
  /** Verifies a Stripe webhook's signature and parses its event (throws when it does not match). */
  stripeEvent?: (body: Buffer, signature: string) => Stripe.Event;
  publicUrl: string;
  engine: 'sqlite' | 'postgres';
  log: PaymentsLog;
  now?: () => number;
  /** A ticket moved by its payment, once committed (live events). */
  onTicketChange?: (ticket: Ticket, ownerId: number | null) => void;
  timing?: Partial<PaymentTiming>;
}

export interface PaymentTiming {
  /** A payment pending this long is asked about by the scheduler (15 minutes). */
  recheckAfterMs: number;
  /** …then again this often (1 minute), which is also how often the scheduler runs. */
  recheckEveryMs: number;
  /** A payment the provider still calls pending after this long is expired here (45 minutes; Stripe's sessions expire at 30). */
  giveUpAfterMs: number;
  /** A deposit not paid this long after its booking ends it (15 minutes: the table's hold). */
  depositHoldMs: number;
}

/** How a bill counts an online provider's money (bill payment `method`). */
const ONLINE_METHOD: Record<string, string> = { stripe: 'card', bkash: 'bkash', demo: 'card' };

export const DEFAULT_PAYMENT_TIMING: PaymentTiming = { recheckAfterMs: 15 * 60_000, recheckEveryMs: 60_000, giveUpAfterMs: 45 * 60_000, depositHoldMs: DEPOSIT_HOLD_MINUTES * 60_000 };

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

export function createPaymentsService(db: Kysely<AppDatabase>, deps: PaymentsDeps) {
  const timing = { ...DEFAULT_PAYMENT_TIMING, ...deps.timing };
  const now = () => deps.now?.() ?? Date.now();
  const iso = (ms = now()) => new Date(ms).toISOString();
  const payments = createPaymentsRepository(db);
  const holder = randomUUID();
  const keys = createProviderKeys(db);
  const events = createWebhookEvents(db);

  /** The providers offered now: bKash only in BDT; `demo` when no real one is set up. */
  async function offered(): Promise<PaymentProviderName[]> {
    const settings = await deps.restaurant.get();
    const list: PaymentProviderName[] = [];
    if (deps.providers.stripe) list.push('stripe');
    if (deps.providers.bkash && settings.currency === 'BDT') list.push('bkash');
    if (!deps.providers.stripe && !deps.providers.bkash && deps.providers.demo) list.push('demo');
    return list;
  }

  async function providerFor(name: PaymentProviderName): Promise<PaymentProvider> {
    const provider = deps.providers[name];
    if (!provider || (name === 'demo' && (deps.providers.stripe || deps.providers.bkash))) throw badRequest(PAYMENT_MESSAGES.notSetUp(name));
    if (name === 'bkash' && (await deps.restaurant.get()).currency !== 'BDT') throw badRequest(PAYMENT_MESSAGES.bkashCurrency);
    return provider;
  }

  /** The key of the full refund of a payment that arrived with nothing (or less) due on its bill. */
  const uncountedKey = (id: number) => `uncounted-${id}`;

  /** A payment as answered, with whether its money counted (the settling transaction wrote its `uncounted-` refund when it did not). */
  async function answer(row: PaymentRow): Promise<Payment> {
    const taken = row.status === 'succeeded' || row.status === 'refunded' || row.status === 'partially_refunded';
    return toPayment(row, taken && row.bill_id !== null && (await payments.refundByKey(uncountedKey(row.id))) !== undefined);
  }

  const returnUrl = (id: number) => `${deps.publicUrl}/payments/${id}`;

  /** Creates the payment at its provider (the same key gives the same session at Stripe) and keeps its reference and page. */
  async function openAtProvider(row: PaymentRow, email?: string): Promise<{ providerRef: string; redirectUrl: string }> {
    const provider = deps.providers[row.provider as PaymentProviderName];
    if (!provider) throw badRequest(PAYMENT_MESSAGES.notSetUp(row.provider));
    const created = await provider.create({
      paymentId: row.id,
      key: await keys.ofPayment(row),
      amount: Number(row.amount),
      currency: row.currency,
      description: row.ticket_id !== null ? `Order ${row.ticket_id}` : row.reservation_id !== null ? `Deposit for reservation ${row.reservation_id}` : `Payment ${row.id}`,
      returnUrl: returnUrl(row.id),
      // From the row, so that a second call with the same key sends the very same request.
      expiresAt: Math.floor(Date.parse(row.created_at) / 1000) + 31 * 60,
      ...(email ? { email } : {}),
    });
    await payments.opened(row.id, created.providerRef, created.redirectUrl);
    return created;
  }

  /**
   * Moves a pending payment to what the provider said, with its ticket, in one transaction
   * (and the webhook event id, which then counts as processed). A payment no longer pending
   * is left as it is. Whether this call moved it.
   */
  async function settle(row: PaymentRow, verified: Verified, event?: { id: string; type: string }): Promise<boolean> {
    let outcome: 'succeeded' | 'failed' | 'expired' | undefined;
    let failure: string | null = null;
    if (verified.status === 'succeeded') {
      const matches = verified.amount === Number(row.amount) && verified.currency.toUpperCase() === row.currency.toUpperCase();
      outcome = matches ? 'succeeded' : 'failed';
      if (!matches) {
        failure = `the provider reported ${verified.amount} ${verified.currency} for ${Number(row.amount)} ${row.currency}`;
        deps.log.warn({ paymentId: row.id, provider: row.provider }, `payment amount or currency does not match: ${failure}`);
      }
    } else if (verified.status === 'failed' || verified.status === 'expired') {
      outcome = verified.status;
      failure = verified.status === 'failed' ? 'the provider reported the payment failed' : null;
    }
    const settings = await deps.restaurant.get();
    let paidTickets: { id: number; userId: number | null }[] = [];
    let countedOnBill = false;
    let giveBack: number | undefined;
    let afterReservation: (() => Promise<void>) | undefined;
    let afterBill: (() => Promise<void>) | undefined;
    const moved = await db.transaction().execute(async (trx) => {
      // A ticket's move changes the kitchen's loads: the kitchen held shared first, as every such write (decision 042).
      await deps.tickets.enterKitchen(trx);
      const repository = createPaymentsRepository(trx);
      if (event && !(await events.finish(trx, event.id, row.id))) return false;
      if (!outcome) return false;
      const changed = await repository.settle(row.id, { status: outcome, capture_ref: verified.captureRef ?? row.capture_ref, failure, settled_at: iso() });
      if (!changed) return false;
      if (verified.status === 'succeeded' && outcome === 'failed') {
        // Money was captured, but not what was asked: all of it goes back at once, and nothing counts.
        const { refund } = await repository.insertRefund({ payment_id: row.id, key: `mismatch-${row.id}`, amount: verified.amount, reason: `Not what was asked: ${failure ?? ''}`, status: 'pending', provider_ref: null, by_user_id: null, failure: null, created_at: iso(), settled_at: null });
        giveBack = refund.id;
      }
      // The money counts on the bill in this very transaction, or is given back whole (decision 031, addendum).
      let counted = true;
      if (outcome === 'succeeded' && row.bill_id !== null) {
        const tip = Number(row.tip ?? 0);
        const recorded = await deps.bills.recordSucceeded(trx, settings, row.bill_id, { method: verified.method ?? ONLINE_METHOD[row.provider] ?? 'card', provider: row.provider, amount: Number(row.amount) - tip, tip, byUserId: row.user_id, paymentId: row.id });
        paidTickets = recorded.paidTickets;
        counted = recorded.outcome === 'recorded' || recorded.outcome === 'paid';
        countedOnBill = counted;
        if (!counted) {
          const written = await writeRefund(trx, { ...row, status: 'succeeded', refunded: 0 }, Number(row.amount), uncountedKey(row.id), `The bill had ${recorded.outcome === 'overDue' ? 'less than this payment due' : 'nothing due'} when the payment arrived`, null);
          giveBack = written?.id;
          deps.log.warn({ paymentId: row.id, billId: row.bill_id, outcome: recorded.outcome }, 'a payment arrived for a bill that no longer had it due: refunded in full');
        }
      }
      if (row.reservation_id !== null) {
        // A deposit: its booking moves from pending_deposit in this transaction (decision 032).
        const reservation = await deps.reservations.depositSettled(trx, row.reservation_id, outcome === 'succeeded');
        afterReservation = reservation.after;
        if (outcome === 'succeeded' && !reservation.moved) {
          // Paid for a booking no longer waiting for it (cancelled by its guest, or its hold ended): given back whole.
          const written = await writeRefund(trx, { ...row, status: 'succeeded', refunded: 0 }, Number(row.amount), `deposit-unheld-${row.id}`, 'The booking was no longer held when its deposit arrived', null);
          giveBack = written?.id;
          deps.log.warn({ paymentId: row.id, reservationId: row.reservation_id }, 'a deposit arrived for a booking no longer held: refunded in full');
        }
        return true;
      }
      if (row.ticket_id === null) return true;
      if (outcome === 'succeeded') await deps.tickets.paymentSucceeded(trx, settings, row.ticket_id, row.provider, counted);
      else {
        await deps.tickets.paymentEnded(trx, settings, row.ticket_id, outcome === 'expired' ? 'Payment expired' : 'Payment failed');
        // Its bill had nothing but this ticket: void (bills.ticketMoved decides).
        afterBill = await deps.bills.ticketMoved(trx, settings, row.ticket_id, { collected: false, cancelled: true });
      }
      return true;
    });
    if (moved) {
      deps.log.info({ paymentId: row.id, provider: row.provider, status: outcome }, 'payment settled');
      await afterReservation?.();
      await afterBill?.();
      await announceTicket(row.ticket_id);
      if (countedOnBill && row.bill_id !== null) deps.bills.announcePaid(row.bill_id, paidTickets.filter((t) => t.id !== row.ticket_id));
      if (giveBack !== undefined) await sendRefund(giveBack);
    }
    return moved;
  }

  async function announceTicket(ticketId: number | null): Promise<void> {
    if (ticketId === null || !deps.onTicketChange) return;
    const ticket = (await deps.tickets.views([ticketId]))[0];
    const owner = await deps.tickets.ownerOf(ticketId);
    if (ticket) deps.onTicketChange(ticket, owner?.userId ?? null);
  }

  /**
   * Asks the provider about a pending payment and settles it by the answer. A payment the
   * provider has no reference for (the server stopped before it heard back) is created again
   * with its key at Stripe, which answers the same session; at bKash it expires once it is old.
   * Provider errors are thrown (ProviderError); the row as it is now is returned.
   */
  async function refresh(row: PaymentRow, returned?: string, method?: string): Promise<PaymentRow> {
    if (row.status !== 'pending') return row;
    const provider = deps.providers[row.provider as PaymentProviderName];
    if (!provider) return row;
    const age = now() - Date.parse(row.created_at);
    let providerRef = row.provider_ref;
    if (providerRef === null) {
      if (row.provider === 'stripe') providerRef = (await openAtProvider(row)).providerRef;
      else if (age >= (row.reservation_id !== null ? timing.depositHoldMs : timing.giveUpAfterMs)) {
        await settle(row, { status: 'expired', amount: Number(row.amount), currency: row.currency });
        return (await payments.byId(row.id)) ?? row;
      } else return row;
    }
    const verified = await provider.verify({ providerRef, amount: Number(row.amount), currency: row.currency, captureRef: row.capture_ref, returned, method });
    // Still pending long after the provider's page closed: nobody can pay it any more.
    if (verified.status === 'pending' && age >= timing.giveUpAfterMs) await settle(row, { ...verified, status: 'expired' });
    else if (verified.status === 'pending' && row.reservation_id !== null && age >= timing.depositHoldMs) await endDeposit(row, providerRef);
    else if (verified.status !== 'pending') await settle(row, verified);
    return (await payments.byId(row.id)) ?? row;
  }

  /**
   * A deposit's hold is over (15 minutes) or its booking was cancelled, unpaid: the provider's
   * page is closed first (Stripe's session expired; bKash and the demo move money only at our
   * own call), then the payment is expired and its booking cancelled. A page that was paid just
   * before it closed is settled as paid instead (and refunded if its booking is gone).
   */
  async function endDeposit(row: PaymentRow, providerRef: string): Promise<void> {
    const provider = deps.providers[row.provider as PaymentProviderName];
    if (!provider) return;
    if (provider.close && (await provider.close(providerRef, await keys.ofPayment(row))) === 'not-open') {
      const verified = await provider.verify({ providerRef, amount: Number(row.amount), currency: row.currency, captureRef: row.capture_ref });
      if (verified.status !== 'pending') {
        await settle(row, verified);
        return;
      }
    }
    await settle(row, { status: 'expired', amount: Number(row.amount), currency: row.currency });
  }

  /** The deposit payments of these reservations, by reservation. */
  async function depositsOf(executor: Kysely<AppDatabase>, ids: number[]): Promise<Map<number, ReservationDeposit>> {
    const map = new Map<number, ReservationDeposit>();
    for (const row of await createPaymentsRepository(executor).ofReservations(ids)) {
      map.set(row.reservation_id as number, {
        paymentId: String(row.id),
        amount: Number(row.amount) / 100,
        currency: row.currency,
        status: row.status as ReservationDeposit['status'],
        refunded: Number(row.refunded) / 100,
        dueBy: row.status === 'pending' ? iso(Date.parse(row.created_at) + timing.depositHoldMs) : null,
        refundableUntil: row.refundable_until,
      });
    }
    return map;
  }

  /** What reservations need of their deposits (bound into the reservations service). */
  const depositHooks: DepositHooks = {
    of: depositsOf,
    async lock(trx, reservationId) {
      const repository = createPaymentsRepository(trx);
      const deposit = await repository.ofReservation(reservationId);
      if (deposit) await repository.lock(deposit.id, deps.engine);
    },
    async cancelled(trx, settings, reservationId, at) {
      const deposit = await createPaymentsRepository(trx).ofReservation(reservationId);
      if (!deposit) return async () => {};
      if (deposit.status === 'pending') {
        // Nothing was paid: its page is closed once committed (a payment made meanwhile is refunded by settle).
        const id = deposit.id;
        return async () => {
          const row = await payments.byId(id);
          if (!row || row.status !== 'pending') return;
          try {
            if (row.provider_ref === null) await settle(row, { status: 'expired', amount: Number(row.amount), currency: row.currency });
            else await endDeposit(row, row.provider_ref);
          } catch (error) {
            // The scheduler closes it when its time comes.
            deps.log.warn({ paymentId: id }, `could not close the deposit's payment page: ${error instanceof Error ? error.message : 'error'}`);
          }
        };
      }
      const left = Number(deposit.amount) - Number(deposit.refunded);
      const refundable = deposit.refundable_until !== null && at < deposit.refundable_until;
      if (!refundable || left <= 0 || !['succeeded', 'partially_refunded'].includes(deposit.status)) {
        if (left > 0 && ['succeeded', 'partially_refunded'].includes(deposit.status)) {
          // Kept: marked with its day for the owner's day report (depositsKept).
          await createPaymentsRepository(trx).markKept(deposit.id, at, wallClockOf(at, settings.timeZone).date);
          deps.log.info({ paymentId: deposit.id, reservationId }, 'a deposit cancelled after its cut-off is kept');
        }
        return async () => {};
      }
      // One key per deposit: a second cancel, a retry or a racing request sends nothing more.
      const written = await writeRefund(trx, deposit, left, `deposit-cancel-${deposit.id}`, 'Reservation cancelled before the deposit cut-off', null);
      return async () => {
        if (written) await sendRefund(written.id);
      };
    },
    async noShow(trx, settings, reservationId, at) {
      const deposit = await createPaymentsRepository(trx).ofReservation(reservationId);
      if (!deposit || !['succeeded', 'partially_refunded'].includes(deposit.status) || Number(deposit.amount) - Number(deposit.refunded) <= 0) return;
      await createPaymentsRepository(trx).markKept(deposit.id, at, wallClockOf(at, settings.timeZone).date);
      deps.log.info({ paymentId: deposit.id, reservationId }, "a no-show's deposit is kept");
    },
    async noShowUndone(trx, reservationId) {
      const deposit = await createPaymentsRepository(trx).ofReservation(reservationId);
      if (deposit && deposit.kept_at !== null) await createPaymentsRepository(trx).markKept(deposit.id, null, null);
    },
    async seated(trx, settings, reservationId) {
      const deposit = await createPaymentsRepository(trx).ofReservation(reservationId);
      if (!deposit || !['succeeded', 'partially_refunded'].includes(deposit.status)) return;
      const amount = Number(deposit.amount) - Number(deposit.refunded);
      if (amount <= 0) return;
      await deps.bills.depositOnBill(trx, settings, reservationId, { paymentId: deposit.id, method: ONLINE_METHOD[deposit.provider] ?? 'card', provider: deposit.provider, amount });
    },
    async completed(trx, settings, reservationId) {
      const deposit = await createPaymentsRepository(trx).ofReservation(reservationId);
      if (!deposit || !['succeeded', 'partially_refunded'].includes(deposit.status)) return async () => {};
      const closed = await deps.bills.closeCovered(trx, settings, reservationId);
      if (!closed) return async () => {};
      const surplus = Math.min(closed.surplus, Number(deposit.amount) - Number(deposit.refunded));
      // The deposit was more than the meal: the rest goes back, once (its key).
      const written = surplus > 0 ? await writeRefund(trx, deposit, surplus, `deposit-surplus-${deposit.id}`, 'The deposit was more than the bill', null) : undefined;
      return async () => {
        deps.bills.announcePaid(closed.billId, closed.paidTickets);
        if (written) await sendRefund(written.id);
      };
    },
  };

  /** Sends a refund written before (again, with its key, after a failure); never throws. */
  async function sendRefund(refundId: number): Promise<void> {
    const refund = await payments.refundById(refundId);
    if (!refund || refund.status !== 'pending') return;
    const payment = await payments.byId(refund.payment_id);
    const provider = payment ? deps.providers[payment.provider as PaymentProviderName] : undefined;
    if (!payment || !provider || payment.provider_ref === null) return;
    try {
      const sent = await provider.refund({ providerRef: payment.provider_ref, captureRef: payment.capture_ref, amount: Number(refund.amount), currency: payment.currency, key: await keys.ofRefund(refund), reason: refund.reason });
      const settings = await deps.restaurant.get();
      await db.transaction().execute(async (trx) => {
        const repository = createPaymentsRepository(trx);
        if (!(await repository.settleRefund(refund.id, { status: 'succeeded', provider_ref: sent.refundRef, failure: null, settled_at: iso() }))) return;
        await repository.restatus(payment.id);
        // The bill payment this payment made shows it, on the day it went through (the day report's refunds).
        await deps.bills.refundedOnline(trx, settings, payment.id, Number(refund.amount));
      });
      deps.log.info({ paymentId: payment.id, refundId: refund.id, provider: payment.provider }, 'refund sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : 'refund failed';
      if (error instanceof ProviderError && error.definite) {
        await db.transaction().execute(async (trx) => {
          const repository = createPaymentsRepository(trx);
          // A failed payment's captured money was never set aside (nothing counted): nothing to put back.
          if ((await repository.settleRefund(refund.id, { status: 'failed', failure: message, settled_at: iso() })) && payment.status !== 'failed') await repository.unreserveRefund(payment.id, Number(refund.amount));
        });
        deps.log.warn({ paymentId: payment.id, refundId: refund.id }, `refund refused: ${message}`);
      } else {
        await payments.refundTried(refund.id, message);
        deps.log.warn({ paymentId: payment.id, refundId: refund.id }, `refund not sent yet, will try again: ${message}`);
      }
    }
  }

  /** Sets aside a refund of `amount` (minor units) with `key`, in `executor`; its id, undefined when too much. */
  async function writeRefund(executor: Kysely<AppDatabase>, payment: PaymentRow, amount: number, key: string, reason: string, by: number | null): Promise<{ id: number; created: boolean } | undefined> {
    const repository = createPaymentsRepository(executor);
    // One refund of a payment at a time: the same key repeated at once finds the first one.
    await repository.lock(payment.id, deps.engine);
    const existing = await repository.refundByKey(key);
    if (existing) return { id: existing.id, created: false };
    if (!(await repository.reserveRefund(payment.id, amount))) return undefined;
    const { refund, created } = await repository.insertRefund({ payment_id: payment.id, key, amount, reason, status: 'pending', provider_ref: null, by_user_id: by, failure: null, created_at: iso(), settled_at: null });
    return { id: refund.id, created };
  }

  /** One pass of the scheduler: pending payments due to be asked again, and refunds not yet sent. */
  async function sweep(): Promise<{ checked: number; refunds: number }> {
    const at = now();
    if (!(await payments.lease('payments', holder, iso(at), iso(at + 2 * timing.recheckEveryMs)))) return { checked: 0, refunds: 0 };
    let checked = 0;
    for (const row of await payments.due(iso(at), 50)) {
      checked++;
      try {
        const after = await refresh(row);
        if (after.status === 'pending') await payments.checked(row.id, iso(at + timing.recheckEveryMs));
      } catch (error) {
        await payments.checked(row.id, iso(at + timing.recheckEveryMs));
        deps.log.warn({ paymentId: row.id, provider: row.provider }, `could not ask the provider about a pending payment: ${error instanceof Error ? error.message : 'error'}`);
      }
    }
    const refunds = await payments.pendingRefunds(iso(at - 30_000), 50);
    for (const refund of refunds) await sendRefund(refund.id);
    return { checked, refunds: refunds.length };
  }

  const onlineRefunds: OnlineRefunds = {
    async write(trx, paymentId, amount, key, reason) {
      const row = await createPaymentsRepository(trx).byId(paymentId);
      if (!row) return undefined;
      return (await writeRefund(trx, row, amount, key, reason, null))?.id;
    },
    async send(ids) {
      for (const id of ids) await sendRefund(id);
    },
  };
  /**
   * A Stripe event this server claimed: its payment, while pending, is settled by what Stripe
   * says now (the signed event alone is not believed); the event counts as processed in that
   * settling transaction, or here when there was nothing to settle (another install's event, a
   * payment already final, Stripe still pending). Throws 502 when Stripe does not answer.
   */
  async function processStripeEvent(event: Stripe.Event): Promise<void> {
    const target = stripeTarget(event);
    let row: PaymentRow | undefined;
    if (target?.sessionId) row = await payments.byProviderRef('stripe', target.sessionId);
    else if (target?.paymentId) row = await payments.byId(target.paymentId);
    if (!row && target?.intentId) row = await payments.byCaptureRef('stripe', target.intentId);
    if (row?.provider === 'stripe' && row.status === 'pending' && row.provider_ref !== null) {
      let verified: Verified;
      try {
        verified = await (deps.providers.stripe as PaymentProvider).verify({ providerRef: row.provider_ref, amount: Number(row.amount), currency: row.currency, captureRef: row.capture_ref });
      } catch (error) {
        throw badGateway(error instanceof Error ? error.message : 'Stripe did not answer');
      }
      if (verified.status !== 'pending') await settle(row, verified, { id: event.id, type: event.type });
    }
    await events.finish(db, event.id, row?.provider === 'stripe' ? row.id : null);
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  return {
    /** GET /api/v1/payments/providers */
    providers: offered,

    /**
     * POST /api/v1/checkout with `pay: { provider }`: the ticket placed `awaiting_payment` with
     * its payment (one transaction), then the payment created at the provider. A provider that
     * does not answer ends the payment and the ticket at once (nothing was charged) → 502.
     */
    async checkoutOnline(caller: Caller, body: CheckoutBody & { pay: { provider: OnlineProvider } }): Promise<{ ticket: Ticket; payment: { _id: string; redirectUrl: string } }> {
      await providerFor(body.pay.provider);
      const currency = (await deps.restaurant.get()).currency;
      let row: PaymentRow | undefined;
      const ticket = await deps.tickets.checkout(caller, body, {
        hold: async (trx, ticketId, totalMinor, billId) => {
          const createdAt = iso();
          const written = {
            key: `checkout-${randomUUID()}`,
            provider: body.pay.provider,
            provider_ref: null,
            capture_ref: null,
            redirect_url: null,
            status: 'pending',
            amount: totalMinor,
            currency,
            ticket_id: ticketId,
            // The checkout ticket's bill: its succeeded counts there (ORDERING.md "The bill").
            bill_id: billId,
            tip: 0,
            request: null,
            user_id: caller.id,
            failure: null,
            created_at: createdAt,
            settled_at: null,
            next_check_at: iso(Date.parse(createdAt) + timing.recheckAfterMs),
          };
          row = { ...written, id: await createPaymentsRepository(trx).insert(written), refunded: 0, checks: 0, reservation_id: null, refundable_until: null, kept_at: null, kept_date: null };
        },
      });
      if (!row) throw new Error('the ticket was placed without its payment');
      const paymentId = row.id;
      try {
        const created = await openAtProvider(row, caller.email);
        return { ticket, payment: { _id: String(paymentId), redirectUrl: created.redirectUrl } };
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'no answer';
        deps.log.warn({ paymentId, provider: row.provider }, `could not create the payment at the provider: ${reason}`);
        // Stripe may still have made the session (slow): nobody was sent to it, and it expires unpaid.
        await settle(row, { status: 'failed', amount: Number(row.amount), currency: row.currency });
        throw badGateway(PAYMENT_MESSAGES.providerDown(body.pay.provider));
      }
    },

    /** What the reservations service needs of deposits. */
    depositHooks,

    /** The deposits kept on this local day (a no-show, a cancel after the cut-off), net of refunds written since, in minor units: the day report's `depositsKept`. */
    keptDeposits(date: string): Promise<{ count: number; amount: number }> {
      return createPaymentsRepository(db).keptOn(date);
    },

    /**
     * POST /api/v1/reservations for a party that pays a deposit (decision 032): the booking
     * (`pending_deposit`, its tables held) and its payment written in one transaction, then the
     * payment created at the provider. A provider that does not answer ends both at once
     * (nothing was charged, the tables are free again) → 502. A booking that needs no deposit
     * is made as before (`payment` undefined).
     */
    async book(caller: Caller, body: CreateReservationBody): Promise<{ reservation: Reservation; payment?: { _id: string; redirectUrl: string } }> {
      if ((await deps.reservations.depositDue(caller, body)) === undefined) return { reservation: await deps.reservations.create(caller, body) };
      const name = body.pay?.provider ?? (await offered())[0];
      if (!name) throw badRequest(PAYMENT_MESSAGES.notSetUp('any provider'));
      await providerFor(name);
      const settings = await deps.restaurant.get();
      let row: PaymentRow | undefined;
      const reservation = await deps.reservations.create(caller, body, async (trx, booking) => {
        const createdAt = iso();
        const deposit = settings.reservations.deposit;
        const written = {
          key: `deposit-${booking.id}`,
          provider: name,
          provider_ref: null,
          capture_ref: null,
          redirect_url: null,
          status: 'pending',
          amount: booking.amount,
          currency: settings.currency,
          ticket_id: null,
          bill_id: null,
          reservation_id: booking.id,
          refundable_until: addMinutes(booking.startsAt, -(deposit?.refundableUntilMinutes ?? 0)),
          tip: 0,
          request: null,
          user_id: caller.id,
          failure: null,
          created_at: createdAt,
          settled_at: null,
          // Asked about when its hold ends (and every minute after, until it is final).
          next_check_at: iso(Date.parse(createdAt) + timing.depositHoldMs),
        };
        row = { ...written, id: await createPaymentsRepository(trx).insert(written), refunded: 0, checks: 0, kept_at: null, kept_date: null };
      });
      if (!row) throw new Error('the booking was made without its deposit');
      const paymentId = row.id;
      try {
        const created = await openAtProvider(row, caller.email);
        return { reservation, payment: { _id: String(paymentId), redirectUrl: created.redirectUrl } };
      } catch (error) {
        deps.log.warn({ paymentId, provider: row.provider }, `could not create the deposit at the provider: ${error instanceof Error ? error.message : 'no answer'}`);
        await settle(row, { status: 'failed', amount: Number(row.amount), currency: row.currency });
        throw badGateway(PAYMENT_MESSAGES.providerDown(name));
      }
    },

    /**
     * POST /api/v1/payments: an online payment of a bill's due now (+ tip), by its guest or staff
     * (others 404). The key is the caller's: the same key and body answer the same payment
     * (`created` false), another body 409. Nothing due → 409. Several payments may be asked for
     * one due; what is due when one succeeds decides: the first to succeed counts, a later one
     * finding less due than it brings is refunded whole (settle).
     */
    async payBill(caller: Caller, body: BillPaymentBody): Promise<{ payment: Payment; created: boolean }> {
      const provider = body.provider;
      const tip = toMinorUnits(body.tip ?? 0);
      const billId = Number(body.billId);
      const key = `bill-${caller.id}-${body.key}`;
      // A share of the due (ORDERING.md "Money that agrees on every screen"), or all of it.
      const share = body.amount === undefined ? undefined : toMinorUnits(body.amount);
      const request = JSON.stringify({ billId, provider, tip, ...(share !== undefined ? { amount: share } : {}) });
      const repeated = async (): Promise<{ payment: Payment; created: boolean } | undefined> => {
        const earlier = await payments.byKey(key);
        if (!earlier) return undefined;
        if (earlier.request !== request) throw conflict(PAYMENT_MESSAGES.keyReused);
        return { payment: await answer(earlier), created: false };
      };
      const first = await repeated();
      if (first) return first;
      const bill = await deps.bills.payable(caller, billId);
      await providerFor(provider);
      if (bill.status !== 'open' || bill.due <= 0) throw conflict(PAYMENT_MESSAGES.nothingDue);
      if (share !== undefined && share > bill.due) throw conflict(PAYMENT_MESSAGES.moreThanDue(formatMoney(bill.due / 100, (await deps.restaurant.get()).currency)));
      const currency = (await deps.restaurant.get()).currency;
      const createdAt = iso();
      const written = {
        key,
        provider,
        provider_ref: null,
        capture_ref: null,
        redirect_url: null,
        status: 'pending',
        amount: (share ?? bill.due) + tip,
        tip,
        request,
        currency,
        ticket_id: null,
        bill_id: billId,
        user_id: caller.id,
        failure: null,
        created_at: createdAt,
        settled_at: null,
        next_check_at: iso(Date.parse(createdAt) + timing.recheckAfterMs),
      };
      const id = await payments.insertKeyed(written);
      // The same key sent twice at once: the other request wrote it.
      if (id === undefined) return (await repeated()) as { payment: Payment; created: boolean };
      const row: PaymentRow = { ...written, id, refunded: 0, checks: 0, reservation_id: null, refundable_until: null, kept_at: null, kept_date: null };
      try {
        await openAtProvider(row, caller.email);
      } catch (error) {
        deps.log.warn({ paymentId: id, provider }, `could not create the payment at the provider: ${error instanceof Error ? error.message : 'no answer'}`);
        await settle(row, { status: 'failed', amount: Number(row.amount), currency: row.currency });
        throw badGateway(PAYMENT_MESSAGES.providerDown(provider));
      }
      return { payment: await answer((await payments.byId(id)) as PaymentRow), created: true };
    },

    /** GET /api/v1/payments/{id}: the payer's own, staff's, or (a bill's payment) the bill's guest's; a pending one is asked about first. */
    async one(caller: Caller, id: number, returned?: string, method?: string): Promise<Payment> {
      let row = await payments.byId(id);
      if (!row) throw notFound('No such payment');
      if (row.user_id !== caller.id && !roleAtLeast(caller.role, 'staff')) {
        // A bill's guest follows a payment of that bill made for them (staff handed them its page).
        if (row.bill_id === null || row.ticket_id !== null) throw notFound('No such payment');
        await deps.bills.payable(caller, row.bill_id).catch(() => {
          throw notFound('No such payment');
        });
      }
      try {
        row = await refresh(row, returned, method);
      } catch (error) {
        // The provider does not answer now: the page keeps waiting, the scheduler asks again.
        deps.log.warn({ paymentId: id, provider: row.provider }, `could not ask the provider: ${error instanceof Error ? error.message : 'error'}`);
      }
      return answer(row);
    },

    /** POST /api/v1/payments/webhooks/stripe: a signed event, each id once. */
    async stripeWebhook(body: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
      if (!deps.stripeEvent) throw badRequest(PAYMENT_MESSAGES.notSetUp('stripe'));
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no signature');
        event = deps.stripeEvent(body, signature);
      } catch {
        throw badRequest('The Stripe-Signature of this event is not valid');
      }
      // Claimed before Stripe is asked: another delivery of this event meanwhile, or later, is a duplicate.
      if (!(await events.claim(event, 'stripe', iso(), iso(now() + EVENT_CLAIM_MS)))) return { duplicate: true };
      try {
        await processStripeEvent(event);
      } catch (error) {
        // Not processed (Stripe did not answer): its next delivery is.
        await events.release(event.id);
        throw error;
      }
      return { duplicate: false };
    },

    /** POST /api/v1/payments/{id}/refund (admin): part or all of what is left, once per key. */
    async refund(caller: Caller, id: number, body: RefundBody): Promise<Payment> {
      const row = await payments.byId(id);
      if (!row) throw notFound('No such payment');
      const key = `admin-${id}-${body.key ?? randomUUID()}`;
      // The client's key is bound to this payment and amount: sent again with another, 409 and nothing changes (refund-keys.ts).
      const bound = refundKeyOf(id, body);
      await bound?.check(db);
      const existing = await payments.refundByKey(key);
      if (!existing) {
        if (!['succeeded', 'partially_refunded'].includes(row.status) && row.status !== 'refunded') throw conflict(PAYMENT_MESSAGES.notRefundable);
        const left = Number(row.amount) - Number(row.refunded);
        const amount = body.amount === undefined ? left : toMinorUnits(body.amount);
        if (amount <= 0 || amount > left) throw conflict(PAYMENT_MESSAGES.tooMuch(formatMoney(left / 100, row.currency)));
        const written = await db.transaction().execute(async (trx) => {
          await bound?.claim(trx, iso());
          const refund = await writeRefund(trx, row, amount, key, body.reason, caller.id);
          // Too much by now (another refund went first): nothing is kept, the key neither.
          if (!refund) throw conflict(PAYMENT_MESSAGES.tooMuch(formatMoney((Number(row.amount) - Number((await createPaymentsRepository(trx).byId(id))?.refunded ?? row.amount)) / 100, row.currency)));
          return refund;
        });
        await sendRefund(written.id);
      } else if (existing.status === 'pending') await sendRefund(existing.id);
      return answer((await payments.byId(id)) as PaymentRow);
    },

    /** Refunds of online payments that a bill owes back (a cancel, a discount): set aside in the bill's transaction, sent once committed. */
    onlineRefunds,

    /** One pass of the scheduler (tests run it by hand). */
    sweep,

    /** Runs the scheduler every minute (with a lease, so one server at a time asks). */
    start(): void {
      if (timer) return;
      const tick = () => {
        running ??= sweep()
          .catch((error: unknown) => deps.log.warn({ err: error }, 'the payments scheduler failed a pass'))
          .finally(() => (running = undefined));
      };
      timer = setInterval(tick, timing.recheckEveryMs);
      timer.unref();
      tick();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      await payments.releaseLease('payments', holder).catch(() => {});
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
