import type { Kysely } from 'kysely';
import { type Reservation, type ReservationStatus } from '../../../shared/contract/reservations.ts';
import { localToday } from '../../../shared/domain/wall-clock.ts';
import { reservationActionRefusal, reservationTransitionRefusal } from '../../../shared/domain/workflows.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import { type ReservationsCore, type ReservationsDeps, statusName } from './reservations.core.ts';

/**
 * A reservation's changes of status (cancel, seat, complete, no-show, and its deposit's settle),
 * each one compare-and-set in one transaction with its holds and what it does to its deposit.
 */
export function createStatusChanges(deps: ReservationsDeps, core: ReservationsCore) {
  const { repository, now, actorOf, beforeCutoff, ownOrStaff, lockDeposit, committed, tell, setStatusWithDeposit } =
    core;
  return {
    /**
     * The deposit's payment became final, in the payment's settling transaction: paid, a
     * `pending_deposit` booking is `booked` (its holds kept); failed or expired, it is cancelled
     * and its tables released. A compare-and-set from `pending_deposit`: whether it moved, and
     * what to run once committed (the events). A booking no longer pending (cancelled by its
     * guest meanwhile) is left as it is; the caller refunds a payment that came too late.
     */
    async depositSettled(
      trx: Kysely<AppDatabase>,
      reservationId: number,
      paid: boolean,
    ): Promise<{ moved: boolean; after: () => Promise<void> }> {
      const row = await repository.find(trx, reservationId);
      if (!row || row.status !== 'pending_deposit') return { moved: false, after: async () => {} };
      const at = now();
      const changed = await repository.compareAndSetStatus(
        trx,
        row,
        paid ? { status: 'booked', updated_at: at } : { status: 'cancelled', cancelled_at: at, updated_at: at },
      );
      if (!changed) return { moved: false, after: async () => {} };
      // Paid, its holds stay as they are (RESERVATION_HOLDS_ON_ENTERING's pending_deposit: keep); unpaid, they go.
      if (!paid) await core.tables.release(trx, row.id);
      await tell(trx, changed, paid ? 'booked' : 'cancelled');
      return {
        moved: true,
        after: async () => {
          await committed(changed, paid ? 'status' : 'cancelled');
        },
      };
    },

    /** POST /api/v1/reservations/{id}/cancel: the guest until cancelCutoffMinutes before; staff any time. */
    async cancel(caller: Caller, id: number): Promise<Reservation> {
      const settings = await deps.restaurant.at(core.branch).get();
      const at = now();
      const { row, after } = await repository.write(async (trx) => {
        await lockDeposit(trx, id);
        const row = await ownOrStaff(trx, caller, id);
        const refusal = reservationActionRefusal(
          'cancel',
          actorOf(caller),
          row.status as ReservationStatus,
          beforeCutoff(settings, at, row.starts_at),
        );
        if (refusal === 'status') throw conflict('cannotCancel', { status: statusName(row.status) });
        if (refusal) throw conflict('lateCancel');
        const cancelled = await setStatusWithDeposit(trx, row, 'cancelled', at, settings);
        await tell(trx, cancelled.row, 'cancelled');
        return cancelled;
      });
      await after();
      return committed(row, 'cancelled');
    },

    /** POST /api/v1/reservations/{id}/status (staff), by RESERVATION_TRANSITIONS and RESERVATION_TRANSITION_DAYS. */
    async changeStatus(id: number, status: ReservationStatus): Promise<Reservation> {
      const at = now();
      // Read before the transaction: on SQLite a read outside it would wait for it.
      const settings = await deps.restaurant.at(core.branch).get();
      const { row, after } = await repository.write(async (trx) => {
        await lockDeposit(trx, id);
        const row = await repository.find(trx, id);
        if (!row) throw notFound('noSuchReservation');
        const from = row.status as ReservationStatus;
        const refusal = reservationTransitionRefusal(from, status, localToday(at, settings.timeZone) === row.date);
        if (refusal === 'status')
          throw conflict('reservationCannotBecome', { v0: statusName(from), v1: statusName(status) });
        if (refusal) throw conflict('noShowCanBookedAgain');
        const changed = await setStatusWithDeposit(trx, row, status, at, settings);
        if (status === 'cancelled') await tell(trx, changed.row, 'cancelled');
        return changed;
      });
      await after();
      return committed(row, status === 'cancelled' ? 'cancelled' : 'status');
    },
  };
}
