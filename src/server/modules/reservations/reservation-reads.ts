import type { Kysely } from 'kysely';
import type { Reservation, ReservationStatus } from '../../../shared/contract/reservations.ts';
import { HOLDING_STATUSES } from '../../../shared/domain/workflows.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { ReservationsCore } from './reservations.core.ts';

/*
 * What is read of the reservations at a branch, as reservations.service.ts answers it: a day's
 * book, the covers the kitchen cooks for, a day's figures and who is seated at a table.
 */

export function createReservationReads(db: Kysely<AppDatabase>, core: ReservationsCore) {
  const { repository, views, tables } = core;
  return {
    /** Booked or seated reservations starting between two instants: the covers the kitchen will cook for. */
    async coversBetween(
      executor: Kysely<AppDatabase>,
      from: string,
      to: string,
    ): Promise<{ id: number; startsAt: string; partySize: number }[]> {
      const rows = await repository.coversBetween(executor, from, to, HOLDING_STATUSES);
      return rows.map((r) => ({ id: r.id, startsAt: r.starts_at, partySize: r.party_size }));
    },

    /** Reservations by id, as the kitchen board names them (who, when, how many, which tables). */
    async byIds(ids: number[]): Promise<Map<number, Reservation>> {
      if (ids.length === 0) return new Map();
      return new Map((await views(db, await repository.byIds(ids))).map((r) => [Number(r._id), r]));
    },

    /** A day's reservations and covers by status (today's figures). */
    async dayFigures(
      date: string,
    ): Promise<
      Record<
        'total' | 'pendingDeposit' | 'booked' | 'seated' | 'completed' | 'noShow' | 'cancelled',
        { reservations: number; covers: number }
      >
    > {
      const zero = () => ({ reservations: 0, covers: 0 });
      const figures = {
        total: zero(),
        pendingDeposit: zero(),
        booked: zero(),
        seated: zero(),
        completed: zero(),
        noShow: zero(),
        cancelled: zero(),
      };
      const keys: Record<string, keyof typeof figures> = { no_show: 'noShow', pending_deposit: 'pendingDeposit' };
      for (const row of await repository.countsByStatus(date)) {
        const key = keys[row.status] ?? (row.status as keyof typeof figures);
        if (!(key in figures)) continue;
        figures[key] = { reservations: row.count, covers: row.covers };
        // Cancelled bookings are not part of the day's book.
        if (key !== 'cancelled')
          figures.total = {
            reservations: figures.total.reservations + row.count,
            covers: figures.total.covers + row.covers,
          };
      }
      return figures;
    },

    /** A guest's own reservation, for a dine-in order. */
    async ownForDineIn(
      executor: Kysely<AppDatabase>,
      userId: number,
      id: number,
    ): Promise<{ date: string; status: ReservationStatus; partySize: number } | undefined> {
      const row = await repository.ownDateAndStatus(executor, userId, id);
      return row ? { date: row.date, status: row.status as ReservationStatus, partySize: row.party_size } : undefined;
    },

    /** The party seated at a table now, if one is (a round for the table joins its bill, where its deposit is). */
    async seatedAt(
      executor: Kysely<AppDatabase>,
      tableId: number,
    ): Promise<{ id: number; partySize: number } | undefined> {
      const holds = (await tables.activeHolds(executor, repository.idsWithStatus(executor, 'seated'))).filter(
        (h) => h.tableId === tableId,
      );
      if (holds.length === 0) return undefined;
      const row = await repository.latestSeated(
        executor,
        holds.map((h) => h.reservationId),
      );
      return row ? { id: row.id, partySize: row.party_size } : undefined;
    },

    /** GET /api/v1/reservations?date= (staff): that day's book, by time. */
    async book(date: string): Promise<Reservation[]> {
      return views(db, await repository.ofDate(date));
    },
  };
}
