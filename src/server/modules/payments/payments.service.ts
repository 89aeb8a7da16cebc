import type { Kysely } from 'kysely';
import { roleAtLeast } from '../../../shared/constants.ts';
import { type Payment, type PaymentProviderName, type RefundBody } from '../../../shared/contract/payments.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import {
  type PaymentPurpose,
  type PaymentsDeps,
  type PurposeKind,
  type RefundedHook,
  createPaymentsContext,
  purposeOf,
  uncountedKey,
} from './payments.context.ts';
import { toPayment } from './payments.mappers.ts';
import { type PaymentRow, createPaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createRefunds } from './refunds.ts';
import { createScheduler } from './scheduler.ts';
import { createSettling } from './settling.ts';
import { createWebhooks } from './webhooks.ts';
import type { BranchId } from '../../db/branch.ts';
import { type Minor, ZERO } from '../../../shared/domain/money.ts';

export {
  type PaymentPurpose,
  type PaymentTiming,
  type PaymentsDeps,
  type PaymentsLog,
  type PurposeSettled,
  DEFAULT_PAYMENT_TIMING,
  onlineMethod,
  succeededOnBill,
  uncountedGiveBack,
  uncountedKey,
} from './payments.context.ts';
export type { PaymentRow } from './payments.repository.ts';

/**
 * Payments (docs/reference/ordering.md "Payments"): money taken through a provider, knowing of what it pays for
 * only the column that names it. A payment is written with what it pays for (in that module's
 * transaction), then created at the provider with its idempotency key, and the payer sent to the
 * provider's page. Its settling (settling.ts) moves it and its purpose together; refunds
 * (refunds.ts) are set aside in a transaction and sent once committed; Stripe's webhooks
 * (webhooks.ts) and the pending sweep (scheduler.ts) ask the provider, never believe the payer's
 * return alone. The modules that take money plug their purpose in (decision 041): tickets the
 * checkout, reservations the deposit, bills a bill's due.
 */

/** A payment to write, pending, in the transaction of what it pays for. */
export interface NewPayment {
  /** The branch it is paid at: its ticket's, bill's or booking's (decision 062). */
  branch: BranchId;
  key: string;
  provider: string;
  /** Minor units, the tip included. */
  amount: Minor;
  currency: string;
  userId: number;
  ticketId?: number;
  billId?: number;
  reservationId?: number;
  refundableUntil?: string;
  tip?: Minor;
  /** The body a client's key was sent with (a keyed payment: the same key with another body is refused). */
  request?: string;
}

export function createPaymentsService(db: Kysely<AppDatabase>, deps: PaymentsDeps) {
  const ctx = createPaymentsContext(db, deps);
  const { payments, iso, timing } = ctx;
  const refunds = createRefunds(ctx);
  const settling = createSettling(ctx, refunds);
  const webhooks = createWebhooks(ctx, settling);
  const scheduler = createScheduler(ctx, settling, refunds);

  /** The providers offered now: bKash only in BDT; `demo` when no real one is set up. */
  async function offered(): Promise<PaymentProviderName[]> {
    const settings = await deps.restaurant.brand();
    const list: PaymentProviderName[] = [];
    if (deps.providers.stripe) list.push('stripe');
    if (deps.providers.bkash && settings.currency === 'BDT') list.push('bkash');
    if (!deps.providers.stripe && !deps.providers.bkash && deps.providers.demo) list.push('demo');
    return list;
  }

  /** A payment as answered, with whether its money counted (the settling transaction wrote its `uncounted-` refund when it did not). */
  async function view(row: PaymentRow): Promise<Payment> {
    const taken = row.status === 'succeeded' || row.status === 'refunded' || row.status === 'partially_refunded';
    return toPayment(
      row,
      taken && row.bill_id !== null && (await payments.refundByKey(uncountedKey(row.id))) !== undefined,
    );
  }

  /** The row of a new payment as written (pending; asked about after its hold for a deposit, else after 15 minutes). */
  function rowOf(payment: NewPayment) {
    const createdAt = iso();
    const held = payment.reservationId !== undefined;
    return {
      branch_id: payment.branch,
      key: payment.key,
      provider: payment.provider,
      provider_ref: null,
      capture_ref: null,
      redirect_url: null,
      status: 'pending',
      amount: payment.amount,
      currency: payment.currency,
      ticket_id: payment.ticketId ?? null,
      bill_id: payment.billId ?? null,
      reservation_id: payment.reservationId ?? null,
      refundable_until: payment.refundableUntil ?? null,
      tip: payment.tip ?? ZERO,
      request: payment.request ?? null,
      user_id: payment.userId,
      failure: null,
      created_at: createdAt,
      settled_at: null,
      next_check_at: iso(Date.parse(createdAt) + (held ? timing.depositHoldMs : timing.recheckAfterMs)),
    };
  }
  const completed = (written: ReturnType<typeof rowOf>, id: number): PaymentRow => ({
    ...written,
    id,
    refunded: ZERO,
    checks: 0,
    kept_at: null,
    kept_date: null,
  });

  return {
    /** GET /api/v1/payments/providers */
    providers: offered,

    /** A provider the payer may choose now (400 otherwise: not set up, or bKash outside BDT). */
    async assertOffered(name: PaymentProviderName): Promise<PaymentProvider> {
      const provider = deps.providers[name];
      if (!provider || (name === 'demo' && (deps.providers.stripe || deps.providers.bkash)))
        throw badRequest('paymentsAreNotSetUp', { v0: name });
      if (name === 'bkash' && (await deps.restaurant.brand()).currency !== 'BDT')
        throw badRequest('paymentsBkashAreTakenBDT');
      return provider;
    },

    /** Writes a pending payment in the transaction of what it pays for: both are there or neither is. */
    async write(trx: Kysely<AppDatabase>, payment: NewPayment): Promise<PaymentRow> {
      const written = rowOf(payment);
      return completed(written, await createPaymentsRepository(trx).insert(written));
    },

    /** Writes a payment under a client's key unless that key wrote one already (undefined: look it up with `byKey`). */
    async writeKeyed(payment: NewPayment): Promise<PaymentRow | undefined> {
      const written = rowOf(payment);
      const id = await payments.insertKeyed(written);
      return id === undefined ? undefined : completed(written, id);
    },

    byKey: (key: string) => payments.byKey(key),
    view,
    viewById: async (id: number) => view((await payments.byId(id)) as PaymentRow),

    /** Creates a written payment at its provider: its page; a provider that does not answer ends it → 502. */
    open: (row: PaymentRow, email: string | undefined, what = 'payment') => settling.openOrEnd(row, email, what),

    /** Ends a pending payment whose purpose went away unpaid; never throws. */
    abandon: settling.abandon,

    /** Plugs in what payments of a kind pay for (decision 041); one purpose a kind. */
    serve(kind: PurposeKind, purpose: PaymentPurpose): void {
      if (ctx.purposes.has(kind)) throw new Error(`payments of kind ${kind} are served already`);
      ctx.purposes.set(kind, purpose);
    },

    /** Runs `hook` in the transaction of every online refund that went through. */
    whenRefunded(hook: RefundedHook): void {
      ctx.refunded.push(hook);
    },

    /** Refunds of online payments, for the modules whose money they are: set aside in their transaction, sent once committed. */
    refunds: {
      /** Sets aside a refund of `amount` of a payment under `key`, in the transaction; its id (undefined: nothing left). */
      async write(
        trx: Kysely<AppDatabase>,
        payment: number | PaymentRow,
        amount: Minor,
        key: string,
        reason: string,
      ): Promise<number | undefined> {
        const row = typeof payment === 'number' ? await createPaymentsRepository(trx).byId(payment) : payment;
        if (!row) return undefined;
        return (await refunds.write(trx, row, amount, key, reason, null))?.id;
      },
      async send(ids: number[]): Promise<void> {
        for (const id of ids) await refunds.send(id);
      },
      /** What these payments set aside for refunds (minor units), and whether each is a deposit, by id. */
      async reservedOf(
        executor: Kysely<AppDatabase>,
        ids: number[],
      ): Promise<Map<number, { reserved: number; deposit: boolean }>> {
        const rows = await createPaymentsRepository(executor).reservedOf([...new Set(ids)]);
        return new Map(rows.map((r) => [r.id, { reserved: Number(r.refunded), deposit: r.reservation_id !== null }]));
      },
    },

    /** The deposit payments of bookings (reservations' deposit rules). */
    deposits: {
      /** How long a booking waits for its deposit (its tables' hold). */
      holdMs: timing.depositHoldMs,
      ofReservations: (executor: Kysely<AppDatabase>, ids: number[]) =>
        createPaymentsRepository(executor).ofReservations(ids),
      ofReservation: (executor: Kysely<AppDatabase>, id: number) =>
        createPaymentsRepository(executor).ofReservation(id),
      /** Holds a payment's row until the transaction ends. */
      lock: (trx: Kysely<AppDatabase>, paymentId: number) => createPaymentsRepository(trx).lock(paymentId, deps.engine),
      /** Marks a deposit kept on a local day (null: no longer kept). */
      markKept: (trx: Kysely<AppDatabase>, paymentId: number, at: string | null, date: string | null) =>
        createPaymentsRepository(trx).markKept(paymentId, at, date),
      /** A branch's deposits kept on this local day, net of refunds written since, in minor units: the day report's `depositsKept`. */
      keptOn: (date: string, branch: BranchId) => payments.keptOn(date, branch),
    },

    /** GET /api/v1/payments/{id}: the payer's own, staff's, or whom its purpose lets follow it; a pending one is asked about first. */
    async one(caller: Caller, id: number, returned?: string, method?: string): Promise<Payment> {
      let row = await payments.byId(id);
      if (!row) throw notFound('noSuchPayment');
      if (row.user_id !== caller.id && !roleAtLeast(caller.role, 'staff')) {
        const kind = purposeOf(row);
        const purpose = kind ? ctx.purposes.get(kind) : undefined;
        if (!(await purpose?.mayFollow?.(caller, row))) throw notFound('noSuchPayment');
      }
      try {
        row = await settling.refresh(row, returned, method);
      } catch (error) {
        // The provider does not answer now: the page keeps waiting, the scheduler asks again.
        deps.log.warn(
          { paymentId: id, provider: row.provider },
          `could not ask the provider: ${error instanceof Error ? error.message : 'error'}`,
        );
      }
      return view(row);
    },

    /** POST /api/v1/payments/webhooks/stripe */
    stripeWebhook: webhooks.stripe,

    /** POST /api/v1/payments/{id}/refund (admin) */
    refund: async (caller: Caller, id: number, body: RefundBody) => view(await refunds.byAdmin(caller, id, body)),

    /** One pass of the scheduler (tests run it by hand). */
    sweep: scheduler.sweep,
    start: scheduler.start,
    stop: scheduler.stop,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
