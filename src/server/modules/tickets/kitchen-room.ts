import { type Kysely, sql } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { type KitchenLoad, bucketLoads, instantMs, ticketBuckets } from '../../../shared/domain/capacity.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { numberRows } from '../../db/day-numbers.ts';
import { lockForWriting } from '../../db/write-lock.ts';

/**
 * The kitchen's room taken per bucket (decision 042). A ticket's promise is worked out from the
 * loads as read, without holding the whole kitchen; its units then go into each bucket of its
 * spread with one statement per bucket that adds them only while the bucket keeps within its
 * room (`units + n <= room`, the room being unitsPerBucket less the covers of the bookings that
 * load that bucket, as read). The database decides that condition on the row itself: on
 * PostgreSQL a second writer to the same bucket waits for the first's row lock and then sees
 * its units, on SQLite every write already goes one at a time; so two checkouts racing for the
 * last room of a bucket cannot both have it, and checkouts in different buckets do not wait for
 * each other. When a bucket has no room left any more the caller's transaction is undone and
 * the promise worked out again (RoomTaken). Loads that leave a bucket or come back to it (a
 * ticket completed, cancelled, recalled; decision 052) are rows of their own, which the room's
 * condition adds to the row's units: they lock no bucket's row, so they never make a placing wait.
 *
 * What still holds the kitchen: the table of loads is built again (rules changed, a process's
 * first write) under the kitchen's lock held alone; the writes that change loads (checkouts,
 * staff orders, kitchen moves) hold it shared on PostgreSQL, so they never meet a rebuild half
 * done but do not wait for each other. A guest's checkouts are one at a time per guest (their
 * limits on unpaid orders, their lines placed once), and the day's numbers (tickets, bills) are
 * given by the placing's last statement (the day's counter row, decision 046), held to the commit.
 */

/** A bucket had no room left when the ticket came to take it: worked out again from fresh loads. */
export class RoomTaken extends Error {
  constructor() {
    super('a kitchen bucket filled up meanwhile');
  }
}

/** How many times a placing works its promise out again (each time another racer took a bucket first) before it answers that the time is taken. */
export const ROOM_ATTEMPTS = 50;

export function createKitchenRoom(engine: Engine) {
  return {
    /**
     * The start of a write that changes the kitchen's loads: on PostgreSQL the kitchen held shared
     * (a rebuild holds it alone) and, for a guest's own checkout, the guest's lock; on SQLite the
     * write lock, before the first read.
     */
    async enter(trx: Kysely<AppDatabase>, guestId?: number): Promise<void> {
      if (engine !== 'postgres') {
        await lockForWriting(trx, engine, 'kitchen');
        return;
      }
      if (guestId === undefined) await sql`select pg_advisory_xact_lock_shared(hashtext('kitchen'))`.execute(trx);
      else await sql`select pg_advisory_xact_lock_shared(hashtext('kitchen')), pg_advisory_xact_lock(hashtext(${`kitchen:guest:${guestId}`}))`.execute(trx);
    },

    /**
     * Puts a ticket of `units` ready at `readyAt` into its buckets if each keeps within its room
     * (the loads' covers as `load` read them); false, with nothing counted, when one has no room
     * left (the caller undoes its transaction). Buckets are taken in ticketBuckets' order (the
     * latest first), as every other write that adds or takes away loads does.
     */
    async take(trx: Kysely<AppDatabase>, settings: RestaurantSettings, load: KitchenLoad, readyAt: string, units: number): Promise<boolean> {
      const covers = bucketLoads(settings, { tickets: [], reservations: load.reservations });
      for (const part of ticketBuckets(settings, readyAt, units)) {
        const room = settings.kitchen.unitsPerBucket - (covers.get(instantMs(part.bucket)) ?? 0);
        if (part.units > room) return false;
        // The bucket's load is its row's units plus its changes (migration 0027): the changes as
        // this statement's snapshot sees them (one committed meanwhile is not counted: less room,
        // never more), the row as the last writer left it (a racer's row lock waited for).
        const changes = sql<number>`(select coalesce(sum(units), 0) from kitchen_bucket_changes where bucket_start = ${part.bucket})`;
        const taken = await sql<{ units: number }>`
          insert into kitchen_buckets (bucket_start, units)
          select cast(${part.bucket} as text), cast(${part.units} as integer) where cast(${part.units} as integer) + ${changes} <= cast(${room} as integer)
          on conflict (bucket_start) do update set units = kitchen_buckets.units + excluded.units
          where kitchen_buckets.units + excluded.units + ${changes} <= cast(${room} as integer)
          returning units`
          .execute(trx)
          .then((result) => result.rows[0]);
        if (!taken) return false;
      }
      return true;
    },

    /**
     * Numbers a ticket written with a provisional number, and the bill its placing opened, as
     * the placing's last write: the day's counter row held from this one statement to the commit
     * (day-numbers.ts, decision 046).
     */
    async number(trx: Kysely<AppDatabase>, day: string, ticketId: number, bill: { id: number; day: string } | null): Promise<void> {
      if (bill && bill.day !== day) await numberRows(trx, engine, bill.day, { billId: bill.id });
      await numberRows(trx, engine, day, { ticketId, billId: bill && bill.day === day ? bill.id : undefined });
    },
  };
}

export type KitchenRoom = ReturnType<typeof createKitchenRoom>;

/**
 * Runs `attempt` (one placing transaction) again while a bucket filled up under it, `again`
 * first (the loads made good for the settings); after ROOM_ATTEMPTS the error `refused` gives.
 */
export async function retryWhenRoomTaken<T>(attempt: () => Promise<T>, again: () => Promise<void>, refused: () => Error): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof RoomTaken)) throw error;
      if (n >= ROOM_ATTEMPTS) throw refused();
      await again();
    }
  }
}
