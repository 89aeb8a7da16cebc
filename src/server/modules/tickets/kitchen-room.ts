import { type Kysely, sql } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { type KitchenLoad, bucketLoads, instantMs, roomLeft, ticketBuckets } from '../../../shared/domain/capacity.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { numberRows, numberingSql } from '../../db/day-numbers.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import type { BranchId } from '../../db/branch.ts';

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
 * Each branch's kitchen is its own (its buckets, its lock, its day's numbers: decision 062).
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

/** The advisory lock of a branch's kitchen (held shared by its writes, alone by a rebuild of its loads): each branch's kitchen is its own. */
export const kitchenLock = (branch: BranchId) => `kitchen:${branch}`;

export function createKitchenRoom(engine: Engine, branch: BranchId) {
  const lock = kitchenLock(branch);
  return {
    /**
     * The start of a write that changes the kitchen's loads: on PostgreSQL the kitchen held shared
     * (a rebuild holds it alone) and, for a guest's own checkout, the guest's lock; on SQLite the
     * write lock, before the first read.
     */
    async enter(trx: Kysely<AppDatabase>, guestId?: number): Promise<void> {
      if (engine !== 'postgres') {
        await lockForWriting(trx, engine, lock);
        return;
      }
      // Literal keys: a statement without values rides with the transaction's begin (deferred-begin.ts).
      if (guestId === undefined)
        await sql`select pg_advisory_xact_lock_shared(hashtext(${sql.lit(lock)}))`.execute(trx);
      else
        await sql`select pg_advisory_xact_lock_shared(hashtext(${sql.lit(lock)})), pg_advisory_xact_lock(hashtext(${sql.lit(`kitchen:guest:${guestId}`)}))`.execute(
          trx,
        );
    },

    /** The room alone (a paid ticket's new promise, which keeps its numbers): false, nothing counted, when a bucket has no room left. */
    async take(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      load: KitchenLoad,
      readyAt: string,
      units: number,
    ): Promise<boolean> {
      return takeEach(trx, branch, roomParts(settings, load, readyAt, units));
    },

    /**
     * Puts a ticket of `units` ready at `readyAt` into its buckets if each keeps within its room
     * (the loads' covers as `load` read them), then numbers the ticket and the bill its placing
     * opened (decision 046): the placing's last writes. False, with the caller to undo its
     * transaction, when a bucket has no room left. Buckets are taken in ticketBuckets' order (the
     * latest first), as every other write that adds loads does, then the day's counter. On
     * PostgreSQL all in one statement, so that a bucket's row is held from it to the commit
     * only, one round trip (decision 052); on SQLite (its write lock held) one after the other.
     */
    async takeAndNumber(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      load: KitchenLoad,
      placed: {
        readyAt: string;
        units: number;
        day: string;
        ticketId: number;
        bill: { id: number; day: string } | null;
      },
    ): Promise<boolean> {
      const parts = roomParts(settings, load, placed.readyAt, placed.units);
      if (parts.some((part) => part.units > part.room)) return false;
      const { bill, day, ticketId } = placed;
      // A bill opened on another local day than its ticket's (past midnight) is numbered on its own first.
      if (bill && bill.day !== day) await numberRows(trx, engine, branch, bill.day, { billId: bill.id });
      const rows = { ticketId, billId: bill && bill.day === day ? bill.id : undefined };
      if (engine === 'postgres') {
        const takes = parts.map(
          (part, i) => sql`${sql.raw(`k${i}`)} as (${roomUpsert(branch, part.bucket, part.units, part.room)})`,
        );
        // Numbered only once every bucket's room is taken: the counter's row is not held while a bucket's is waited for.
        const taken = sql.join(
          parts.map((_, i) => sql`(select count(*) from ${sql.raw(`k${i}`)})`),
          sql` + `,
        );
        const result = await sql<{
          numbered: number | string;
        }>`with ${sql.join(takes)}, ${numberingSql(branch, day, rows, sql`${taken} = ${parts.length}`)} select count(*) as numbered from n`.execute(
          trx,
        );
        return Number(result.rows[0]?.numbered) === 1;
      }
      if (!(await takeEach(trx, branch, parts))) return false;
      await numberRows(trx, engine, branch, day, rows);
      return true;
    },
  };
}

/**
 * A ticket's buckets with the room each has: unitsPerBucket less the covers the bookings bring to
 * it (as `load` read them), in whole units (roomLeft: a party of 3 at 1.5 units a cover leaves
 * floor(8 − 4.5) = 3 of 8), since the database adds and compares whole units.
 */
function roomParts(settings: RestaurantSettings, load: KitchenLoad, readyAt: string, units: number) {
  const covers = bucketLoads(settings, { tickets: [], reservations: load.reservations });
  return ticketBuckets(settings, readyAt, units).map((part) => ({
    ...part,
    room: roomLeft(settings, covers.get(instantMs(part.bucket)) ?? 0),
  }));
}

/** Takes each bucket's room, one statement each, in order; false at the first without room. */
async function takeEach(
  trx: Kysely<AppDatabase>,
  branch: BranchId,
  parts: { bucket: string; units: number; room: number }[],
): Promise<boolean> {
  for (const part of parts) {
    if (part.units > part.room) return false;
    if ((await roomUpsert(branch, part.bucket, part.units, part.room).execute(trx)).rows.length === 0) return false;
  }
  return true;
}

/**
 * Adds `units` to a bucket's row if the bucket keeps within `room`, answering its units (no row:
 * no room). The bucket's load is its row's units plus its changes (migration 0027): the changes
 * as this statement's snapshot sees them (one committed meanwhile is not counted: less room,
 * never more), the row as the last writer left it (a racer's row lock waited for, the condition
 * checked again on its units).
 */
function roomUpsert(branch: BranchId, bucket: string, units: number, room: number) {
  const changes = sql<number>`(select coalesce(sum(units), 0) from kitchen_bucket_changes where branch_id = ${branch} and bucket_start = ${bucket})`;
  return sql<{ units: number }>`insert into kitchen_buckets (branch_id, bucket_start, units)
    select cast(${branch} as integer), cast(${bucket} as text), cast(${units} as integer) where cast(${units} as integer) + ${changes} <= cast(${room} as integer)
    on conflict (branch_id, bucket_start) do update set units = kitchen_buckets.units + excluded.units
    where kitchen_buckets.units + excluded.units + ${changes} <= cast(${room} as integer)
    returning units`;
}

export type KitchenRoom = ReturnType<typeof createKitchenRoom>;

/**
 * Runs `attempt` (one placing transaction) again while a bucket filled up under it, `again`
 * first (the loads made good for the settings); after ROOM_ATTEMPTS the error `refused` gives.
 */
export async function retryWhenRoomTaken<T>(
  attempt: () => Promise<T>,
  again: () => Promise<void>,
  refused: () => Error,
): Promise<T> {
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
