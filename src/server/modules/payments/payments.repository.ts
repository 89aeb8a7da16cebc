import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { BranchId } from '../../db/branch.ts';
import type { AppDatabase, PaymentRefundsTable, PaymentsTable } from '../../db/schema.ts';
import { type Minor, asMinor } from '../../../shared/domain/money.ts';

export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<PaymentRefundsTable>;

/**
 * All SQL of payments, refunds, processed webhook events and the scheduler's lease. Every
 * change of status is a compare-and-set on the status it leaves, so that two servers, a webhook
 * and the guest's return racing over one payment move it once.
 */
export function createPaymentsRepository(db: Kysely<AppDatabase>) {
  return {
    async insert(row: Insertable<PaymentsTable>): Promise<number> {
      return (await db.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** Writes a payment unless its key is there already; its id, undefined when the key was taken. */
    async insertKeyed(row: Insertable<PaymentsTable>): Promise<number | undefined> {
      return (
        await db
          .insertInto('payments')
          .values(row)
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('id')
          .executeTakeFirst()
      )?.id;
    },

    byKey(key: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('key', '=', key).executeTakeFirst();
    },

    /** Holds a payment's row until the transaction ends (PostgreSQL; SQLite's writers are one at a time already), so refunds of one payment queue. */
    async lock(id: number, engine: 'sqlite' | 'postgres'): Promise<void> {
      if (engine === 'postgres')
        await db.selectFrom('payments').select('id').where('id', '=', id).forUpdate().execute();
      else await db.updateTable('payments').set({ id }).where('id', '=', id).execute();
    },

    byId(id: number): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byProviderRef(provider: string, ref: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_ref', '=', ref)
        .executeTakeFirst();
    },

    byCaptureRef(provider: string, ref: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', provider)
        .where('capture_ref', '=', ref)
        .executeTakeFirst();
    },

    /** The provider's reference and page, once it created the payment (only while it has none). */
    async opened(id: number, providerRef: string, redirectUrl: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ provider_ref: providerRef, redirect_url: redirectUrl })
        .where('id', '=', id)
        .where('provider_ref', 'is', null)
        .execute();
    },

    /** pending → a final status; whether this call moved it. */
    async settle(
      id: number,
      set: { status: string; capture_ref?: string | null; failure?: string | null; settled_at: string },
    ): Promise<boolean> {
      const changed = await db
        .updateTable('payments')
        .set(set)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) === 1;
    },

    /** A pending payment was asked about: when to ask again. */
    async checked(id: number, nextCheckAt: string): Promise<void> {
      await db
        .updateTable('payments')
        .set((eb) => ({ next_check_at: nextCheckAt, checks: eb('checks', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Pending payments due to be asked about again (oldest first). */
    due(now: string, limit: number): Promise<PaymentRow[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_check_at', '<=', now)
        .orderBy('next_check_at')
        .limit(limit)
        .execute();
    },

    /** A reservation's deposit payment (at most one: a unique index). */
    ofReservation(reservationId: number): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('reservation_id', '=', reservationId).executeTakeFirst();
    },

    /** Marks a deposit kept at `at` (its local day `date`), or no longer kept (both null: a no-show booked again). */
    async markKept(id: number, at: string | null, date: string | null): Promise<void> {
      await db.updateTable('payments').set({ kept_at: at, kept_date: date }).where('id', '=', id).execute();
    },

    /** A branch's deposits kept on this local day that still keep money (minor units: what was paid less what was refunded or is being refunded since). */
    async keptOn(date: string, branch: BranchId): Promise<{ count: number; amount: Minor }> {
      const row = await db
        .selectFrom('payments')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(sql<number>`amount - refunded`), sql<number>`0`).as('amount'),
        ])
        .where('branch_id', '=', branch)
        .where('kept_date', '=', date)
        .where('status', 'in', ['succeeded', 'partially_refunded'])
        .where(sql<boolean>`amount > refunded`)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), amount: asMinor(row.amount) };
    },

    async ofReservations(ids: number[]): Promise<PaymentRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('payments').selectAll().where('reservation_id', 'in', ids).execute();
    },

    /** What these payments set aside for refunds, and whether each is a deposit (a bill counts them). */
    reservedOf(ids: number[]): Promise<{ id: number; refunded: number; reservation_id: number | null }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('payments').select(['id', 'refunded', 'reservation_id']).where('id', 'in', ids).execute();
    },

    /** A ticket's payments that took money and have some left to refund. */
    refundableOfTicket(ticketId: number): Promise<PaymentRow[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('ticket_id', '=', ticketId)
        .where('status', 'in', ['succeeded', 'partially_refunded'])
        .where((eb) => eb('refunded', '<', eb.ref('amount')))
        .execute();
    },

    /** Sets aside `amount` of what is left to refund; false when less than that is left. */
    async reserveRefund(id: number, amount: Minor): Promise<boolean> {
      const changed = await db
        .updateTable('payments')
        .set((eb) => ({ refunded: eb('refunded', '+', amount) }))
        .where('id', '=', id)
        .where('status', 'in', ['succeeded', 'partially_refunded'])
        .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) === 1;
    },

    /** A refund the provider refused gives its amount back. */
    async unreserveRefund(id: number, amount: Minor): Promise<void> {
      await db
        .updateTable('payments')
        .set((eb) => ({ refunded: eb('refunded', '-', amount) }))
        .where('id', '=', id)
        .execute();
    },

    /** The status a paid payment shows from its refunds that went through. */
    async restatus(id: number): Promise<void> {
      const row = await db
        .selectFrom('payment_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('done'))
        .where('payment_id', '=', id)
        .where('status', '=', 'succeeded')
        .executeTakeFirst();
      const done = Number(row?.done ?? 0);
      const payment = await db
        .selectFrom('payments')
        .select(['amount', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!payment || !['succeeded', 'partially_refunded', 'refunded'].includes(payment.status)) return;
      const status = done <= 0 ? 'succeeded' : done >= Number(payment.amount) ? 'refunded' : 'partially_refunded';
      if (status !== payment.status) await db.updateTable('payments').set({ status }).where('id', '=', id).execute();
    },

    /** Writes a refund unless its key is there already; the refund row either way, and whether it is new. */
    async insertRefund(row: Insertable<PaymentRefundsTable>): Promise<{ refund: RefundRow; created: boolean }> {
      const inserted = await db
        .insertInto('payment_refunds')
        .values(row)
        .onConflict((oc) => oc.column('key').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { refund: inserted, created: true };
      return {
        refund: await db.selectFrom('payment_refunds').selectAll().where('key', '=', row.key).executeTakeFirstOrThrow(),
        created: false,
      };
    },

    refundByKey(key: string): Promise<RefundRow | undefined> {
      return db.selectFrom('payment_refunds').selectAll().where('key', '=', key).executeTakeFirst();
    },

    refundById(id: number): Promise<RefundRow | undefined> {
      return db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** pending → succeeded | failed; whether this call moved it. */
    async settleRefund(
      id: number,
      set: {
        status: 'succeeded' | 'failed';
        provider_ref?: string | null;
        failure?: string | null;
        settled_at: string;
      },
    ): Promise<boolean> {
      const changed = await db
        .updateTable('payment_refunds')
        .set(set)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) === 1;
    },

    async refundTried(id: number, failure: string): Promise<void> {
      await db
        .updateTable('payment_refunds')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), failure }))
        .where('id', '=', id)
        .execute();
    },

    /** Refunds still to be sent (oldest first), written before `before`. */
    pendingRefunds(before: string, limit: number): Promise<RefundRow[]> {
      return db
        .selectFrom('payment_refunds')
        .selectAll()
        .where('status', '=', 'pending')
        .where('created_at', '<=', before)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Takes (or keeps) the lease `name` for `holder` until `until`, if it is free, run out, or
     * already the holder's; whether the holder has it now.
     */
    async lease(name: string, holder: string, now: string, until: string): Promise<boolean> {
      await db
        .insertInto('scheduler_leases')
        .values({ name, holder: '', until: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const changed = await db
        .updateTable('scheduler_leases')
        .set({ holder, until })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('until', '<=', now), eb('holder', '=', holder)]))
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) === 1;
    },

    async releaseLease(name: string, holder: string): Promise<void> {
      await db.deleteFrom('scheduler_leases').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}
