import type { BranchId } from '../../db/branch.ts';
import type { Kysely } from 'kysely';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import type { ReservationDeposit } from '../../../shared/contract/reservations.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { depositApplies, depositOfParty } from '../../../shared/domain/deposits.ts';
import { settingsMoney } from '../../../shared/domain/settings-money.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { BillsService } from '../bills/bills.service.ts';
import { type PaymentsService, onlineMethod } from '../payments/payments.service.ts';
import { type Minor, asMinor, minMinor, subtractMinor } from '../../../shared/domain/money.ts';

/** Whether a booking of this party pays a deposit, and how much (minor units): online bookings of `fromPartySize` or more, while deposits are on. */
export function depositFor(settings: RestaurantSettings, partySize: number, source: string): Minor | undefined {
  const perCover = settingsMoney(settings).depositPerCover;
  return source === 'online' && perCover !== undefined && depositApplies(settings.reservations.deposit, partySize)
    ? depositOfParty(perCover, partySize)
    : undefined;
}

const PAID = ['succeeded', 'partially_refunded'];
const iso = (ms: number) => new Date(ms).toISOString();

export interface DepositsDeps {
  /** The deposit's payment: written, locked, kept, refunded (the payments module's). */
  payments: Pick<PaymentsService, 'deposits' | 'refunds' | 'abandon'>;
  /** A seated party's deposit is a payment on its bill; the party leaving closes a bill it covers. */
  bills: Pick<BillsService, 'depositOnBill' | 'closeCovered' | 'announcePaid'>;
  log: { info(details: object, message: string): void };
}

/**
 * A reservation's deposit rules (docs/reference/ordering.md "Payments"; decision 032), each in the
 * reservation's own transaction: what a cancel, a no-show, seating and completing do to the
 * money. The payments module keeps the payment; the bills module the bill it goes on.
 */
export function createDeposits({ payments, bills, log }: DepositsDeps) {
  const { deposits, refunds } = payments;

  /** The deposits of these reservations, as their views show them. */
  async function of(executor: Kysely<AppDatabase>, ids: number[]): Promise<Map<number, ReservationDeposit>> {
    const map = new Map<number, ReservationDeposit>();
    for (const row of await deposits.ofReservations(executor, ids)) {
      map.set(row.reservation_id as number, {
        paymentId: String(row.id),
        amount: fromMinorUnits(asMinor(row.amount)),
        currency: row.currency,
        status: row.status as ReservationDeposit['status'],
        refunded: fromMinorUnits(asMinor(row.refunded)),
        dueBy: row.status === 'pending' ? iso(Date.parse(row.created_at) + deposits.holdMs) : null,
        refundableUntil: row.refundable_until,
      });
    }
    return map;
  }

  /** Marks a paid deposit kept on `at`'s local day (the owner's day report: depositsKept). */
  async function keep(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    paymentId: number,
    at: string,
  ): Promise<void> {
    await deposits.markKept(trx, paymentId, at, wallClockOf(at, settings.timeZone).date);
  }

  return {
    of,

    /** Holds the reservation's deposit payment's row until the transaction ends (first, so that a settle racing a cancel never waits the other way round). */
    async lock(trx: Kysely<AppDatabase>, reservationId: number): Promise<void> {
      const deposit = await deposits.ofReservation(trx, reservationId);
      if (deposit) await deposits.lock(trx, deposit.id);
    },

    /** The reservation was cancelled: a paid deposit is refunded before its cut-off, kept after; an unpaid one is closed. What to run once committed. */
    async cancelled(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      reservationId: number,
      at: string,
    ): Promise<() => Promise<void>> {
      const deposit = await deposits.ofReservation(trx, reservationId);
      if (!deposit) return async () => {};
      // Nothing was paid: its page is closed once committed (a payment made meanwhile is refunded by its settle).
      if (deposit.status === 'pending') return () => payments.abandon(deposit.id);
      const left = subtractMinor(asMinor(deposit.amount), asMinor(deposit.refunded));
      const refundable = deposit.refundable_until !== null && at < deposit.refundable_until;
      if (!refundable || left <= 0 || !PAID.includes(deposit.status)) {
        if (left > 0 && PAID.includes(deposit.status)) {
          await keep(trx, settings, deposit.id, at);
          log.info({ paymentId: deposit.id, reservationId }, 'a deposit cancelled after its cut-off is kept');
        }
        return async () => {};
      }
      // One key per deposit: a second cancel, a retry or a racing request sends nothing more.
      const written = await refunds.write(
        trx,
        deposit,
        left,
        `deposit-cancel-${deposit.id}`,
        'Reservation cancelled before the deposit cut-off',
      );
      return async () => {
        if (written !== undefined) await refunds.send([written]);
      };
    },

    /** The party did not come: a paid deposit is kept. */
    async noShow(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      reservationId: number,
      at: string,
    ): Promise<void> {
      const deposit = await deposits.ofReservation(trx, reservationId);
      if (!deposit || !PAID.includes(deposit.status) || Number(deposit.amount) - Number(deposit.refunded) <= 0) return;
      await keep(trx, settings, deposit.id, at);
      log.info({ paymentId: deposit.id, reservationId }, "a no-show's deposit is kept");
    },

    /** A no-show was booked again: its deposit is no longer kept. */
    async noShowUndone(trx: Kysely<AppDatabase>, reservationId: number): Promise<void> {
      const deposit = await deposits.ofReservation(trx, reservationId);
      if (deposit && deposit.kept_at !== null) await deposits.markKept(trx, deposit.id, null, null);
    },

    /** The party was seated: a paid deposit becomes a payment on the reservation's bill (once). */
    async seated(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      reservation: { id: number; partySize: number; branch: BranchId },
    ): Promise<void> {
      const deposit = await deposits.ofReservation(trx, reservation.id);
      if (!deposit || !PAID.includes(deposit.status)) return;
      const amount = subtractMinor(asMinor(deposit.amount), asMinor(deposit.refunded));
      if (amount <= 0) return;
      await bills.depositOnBill(trx, settings, reservation, {
        paymentId: deposit.id,
        method: onlineMethod(deposit.provider),
        provider: deposit.provider,
        amount,
      });
    },

    /** The party left: a bill its deposit covers is closed and the rest of the deposit given back. What to run once committed. */
    async completed(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      reservationId: number,
    ): Promise<() => Promise<void>> {
      const deposit = await deposits.ofReservation(trx, reservationId);
      if (!deposit || !PAID.includes(deposit.status)) return async () => {};
      const closed = await bills.closeCovered(trx, settings, reservationId);
      if (!closed) return async () => {};
      const surplus = minMinor(closed.surplus, subtractMinor(asMinor(deposit.amount), asMinor(deposit.refunded)));
      // The deposit was more than the meal: the rest goes back, once (its key).
      const written =
        surplus > 0
          ? await refunds.write(
              trx,
              deposit,
              surplus,
              `deposit-surplus-${deposit.id}`,
              'The deposit was more than the bill',
            )
          : undefined;
      return async () => {
        bills.announcePaid({ id: closed.billId, branch_id: closed.branchId }, closed.paidTickets);
        if (written !== undefined) await refunds.send([written]);
      };
    },
  };
}

export type Deposits = ReturnType<typeof createDeposits>;
