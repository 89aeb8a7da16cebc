import type { Kysely } from 'kysely';
import type { CreateReservationBody, Reservation } from '../../../shared/contract/reservations.ts';
import { addMinutes } from '../../../shared/domain/wall-clock.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { BranchId } from '../../db/branch.ts';
import type { Minor } from '../../../shared/domain/money.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { PaymentRow, PaymentsService } from '../payments/payments.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';

/** A booking that needs a deposit writes its payment in the booking's transaction. */
export type DepositWriter = (
  trx: Kysely<AppDatabase>,
  reservation: { id: number; userId: number | null; amount: Minor; startsAt: string },
) => Promise<void>;

/** What booking with a deposit needs of the reservations service at the booking's branch. */
export interface BranchBooking {
  depositDue(caller: Caller, body: CreateReservationBody): Promise<number | undefined>;
  create(caller: Caller, body: CreateReservationBody, deposit?: DepositWriter): Promise<Reservation>;
}

/** What a deposit's settle needs of the reservations service (which finds the booking's branch). */
export interface BookingForDeposit {
  restaurant: RestaurantService;
  depositSettled(
    trx: Kysely<AppDatabase>,
    reservationId: number,
    paid: boolean,
  ): Promise<{ moved: boolean; after: () => Promise<void> }>;
  log: { warn(details: object, message: string): void };
}

/**
 * A large party's booking with its deposit (decision 032): the booking (`pending_deposit`, its
 * tables held) and its payment written in one transaction, then the payment created at the
 * provider. This module serves the payments of kind `deposit`: a deposit's settle moves its
 * booking in the same transaction (paid: booked; failed or expired: cancelled, its tables free).
 */
export function createDepositBooking(
  payments: Pick<PaymentsService, 'serve' | 'providers' | 'assertOffered' | 'write' | 'open'>,
  booking: BookingForDeposit,
) {
  payments.serve('deposit', {
    async settled(trx, { row, outcome }) {
      const reservation = await booking.depositSettled(trx, row.reservation_id as number, outcome === 'succeeded');
      if (outcome !== 'succeeded' || reservation.moved) return { after: reservation.after };
      // Paid for a booking no longer waiting for it (cancelled by its guest, or its hold ended): given back whole.
      booking.log.warn(
        { paymentId: row.id, reservationId: row.reservation_id },
        'a deposit arrived for a booking no longer held: refunded in full',
      );
      return {
        giveBack: {
          key: `deposit-unheld-${row.id}`,
          reason: 'The booking was no longer held when its deposit arrived',
        },
        after: reservation.after,
      };
    },
  });

  return {
    /**
     * POST /api/v1/reservations: a booking that needs no deposit is made as before (`payment`
     * undefined); one that does is booked with its payment, and a provider that does not answer
     * ends both at once (nothing was charged, the tables are free again) → 502.
     */
    async reserve(
      at: BranchBooking,
      branch: BranchId,
      caller: Caller,
      body: CreateReservationBody,
    ): Promise<{ reservation: Reservation; payment?: { _id: string; redirectUrl: string } }> {
      if ((await at.depositDue(caller, body)) === undefined) return { reservation: await at.create(caller, body) };
      const name = body.pay?.provider ?? (await payments.providers())[0];
      if (!name) throw badRequest('paymentsAreNotSetUp', { v0: 'any provider' });
      await payments.assertOffered(name);
      const settings = await booking.restaurant.at(branch).get();
      let row: PaymentRow | undefined;
      const reservation = await at.create(caller, body, async (trx, held) => {
        const deposit = settings.reservations.deposit;
        row = await payments.write(trx, {
          branch,
          key: `deposit-${held.id}`,
          provider: name,
          amount: held.amount,
          currency: settings.currency,
          reservationId: held.id,
          refundableUntil: addMinutes(held.startsAt, -(deposit?.refundableUntilMinutes ?? 0)),
          userId: caller.id,
        });
      });
      if (!row) throw new Error('the booking was made without its deposit');
      return { reservation, payment: await payments.open(row, caller.email, 'deposit') };
    },
  };
}
