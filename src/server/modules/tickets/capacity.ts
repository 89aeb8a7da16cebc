import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { type KitchenLoad, bucketRules, ticketBuckets } from '../../../shared/domain/capacity.ts';
import { asapPromise, kitchenWindow, pausedAt, scheduledTimes } from '../../../shared/domain/kitchen-promise.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { provisionalSeq } from '../../db/day-numbers.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ReservationsAt } from '../reservations/reservations.service.ts';
import { RoomTaken, createKitchenRoom, kitchenLock } from './kitchen-room.ts';
import { createKitchenWeight } from './kitchen-weight.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import type { BranchId } from '../../db/branch.ts';
import type { guestTickets } from './guest-tickets.ts';
export type { PricedLine } from './kitchen-weight.ts';

/**
 * The kitchen's capacity as tickets take it (docs/reference/operations.md "One kitchen, one capacity"): the
 * units a ticket's lines weigh, the table of bucket loads (rebuilt when its rules change), the
 * load a promise is made against, the promise itself, and every move of a ticket's load in and
 * out of its buckets. Each write runs in the caller's transaction, which holds the kitchen shared
 * (`enterKitchen`; only a rebuild of the loads holds it alone) and takes its room bucket by
 * bucket with a conditional upsert (kitchen-room.ts, decision 042), so two checkouts racing for
 * the last room in a bucket cannot both have it, and checkouts in other buckets do not wait.
 */

export interface CapacityDeps {
  catalog: Pick<CatalogService, 'kitchenDishes'>;
  reservations: ReservationsAt<'coversBetween'>;
}

/** One branch's kitchen (decision 062): its buckets, its lock, its bookings' covers; a guest's unpaid orders are counted across the brand (`guests`). */
export function createKitchenCapacity(
  db: Kysely<AppDatabase>,
  engine: Engine,
  deps: CapacityDeps,
  branch: BranchId,
  guests: ReturnType<typeof guestTickets>,
) {
  const room = createKitchenRoom(engine, branch);
  const tickets = (executor: Kysely<AppDatabase>) => createTicketsRepository(executor, branch);
  const { unitsFrom, weigh } = createKitchenWeight(deps.catalog, branch);

  /**
   * The table of bucket loads is rebuilt from the open tickets once in each process (so a
   * restored or hand-edited database is right again after a start) and whenever the rules it
   * was spread under differ from the settings; always under the kitchen's lock.
   */
  let builtHere = false;

  async function rebuildBuckets(trx: Kysely<AppDatabase>, settings: RestaurantSettings): Promise<void> {
    const repository = tickets(trx);
    const loads = new Map<string, number>();
    for (const ticket of await repository.openLoads()) {
      for (const part of ticketBuckets(settings, ticket.ready_at, ticket.units))
        loads.set(part.bucket, (loads.get(part.bucket) ?? 0) + part.units);
    }
    await repository.replaceBuckets(bucketRules(settings), loads);
  }

  /**
   * Makes sure the bucket loads are good for these settings. `locked`: the caller's transaction
   * already holds the kitchen, and a rebuild is part of it (undone with it). Only a rebuild of
   * its own, committed, counts as this process's first (a checkout makes sure of it before its
   * transaction).
   */
  async function bucketsReady(
    executor: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    locked: boolean | 'shared',
  ): Promise<void> {
    const rules = bucketRules(settings);
    if (builtHere && (await tickets(executor).bucketRules()) === rules) return;
    // Held shared (kitchen-room.ts), the table is not rebuilt here: the placing is worked out again after a rebuild.
    if (locked === 'shared' && engine === 'postgres') throw new RoomTaken();
    if (locked) {
      await rebuildBuckets(executor, settings);
      return;
    }
    await db.transaction().execute(async (trx) => {
      await lockForWriting(trx, engine, kitchenLock(branch));
      if (!builtHere || (await tickets(trx).bucketRules()) !== rules) await rebuildBuckets(trx, settings);
    });
    builtHere = true;
  }

  /**
   * What the kitchen already has to cook in the buckets a promise made now may use: the open
   * tickets' loads from the table of buckets, and the covers of the booked or seated
   * reservations that can load those buckets (unless a dine-in ticket carries their food).
   * Its cost does not grow with the day's tickets (issue 35 point 7).
   */
  async function kitchenLoad(
    executor: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    now: string,
    locked: boolean | 'shared',
  ): Promise<KitchenLoad> {
    const window = kitchenWindow(settings, now);
    const repository = tickets(executor);
    // The loads with the rules they were spread under, in one statement; made good first when not built here or under other rules.
    const read = builtHere ? await repository.bucketsWithRules(window.from, window.to) : undefined;
    let buckets = read?.buckets;
    if (!buckets || read?.rules !== bucketRules(settings)) {
      await bucketsReady(executor, settings, locked);
      buckets = (await repository.bucketsWithRules(window.from, window.to)).buckets;
    }
    const booked = deps.reservations.at(branch);
    const covers = await booked.coversBetween(executor, window.reservationsFrom, window.to);
    const carried = await repository.carrying(covers.map((c) => c.id));
    return {
      tickets: [],
      buckets,
      reservations: covers.map((c) => ({ startsAt: c.startsAt, partySize: c.partySize, carried: carried.has(c.id) })),
    };
  }

  /**
   * A guest's order to be paid later (cash) is refused when it would take more of a bucket than
   * the settings allow one unpaid order (default: a quarter of its units), or when the guest
   * already has as many open unpaid orders as allowed (default 3): unpaid orders cannot hold
   * the kitchen (issue 40 point 6). Read under the kitchen's lock, so two at once count each other.
   */
  async function unpaidAllowed(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    userId: number,
    units: number,
  ): Promise<void> {
    const limits = settings.unpaidOrders;
    if (limits.perGuest === 0) throw conflict('ordersPaidOnlineRightNow');
    const maxUnits = limits.maxUnits ?? Math.max(1, Math.floor(settings.kitchen.unitsPerBucket / 4));
    if (units > maxUnits) throw conflict('orderTooLargePayLater', { v0: units, v1: maxUnits });
    const open = await guests.openUnpaidOf(trx, userId);
    if (open >= limits.perGuest)
      throw conflict('youAlreadyHaveUnpaidWaiting', { v0: open, v1: open === 1 ? 'order' : 'orders' });
  }

  /**
   * The promise of a ticket whose payment just arrived, checked again (docs/reference/ordering.md "Payments"):
   * kept if the kitchen can still keep it (a scheduled time still free, an ASAP promise not
   * earlier than what ASAP gives now, both without the ticket's own load), else the next it
   * can. The kitchen held shared (the caller's transaction); with the load it was worked out from.
   */
  async function promiseAgain(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    row: { ready_at: string; units: number; scheduled: number; fulfilment: string },
    now: string,
  ): Promise<{ readyAt: string; scheduled: boolean; load: KitchenLoad }> {
    const load = await kitchenLoad(trx, settings, now, 'shared');
    return { ...promiseFrom(settings, load, row, now), load };
  }

  function promiseFrom(
    settings: RestaurantSettings,
    load: KitchenLoad,
    row: { ready_at: string; units: number; scheduled: number; fulfilment: string },
    now: string,
  ): { readyAt: string; scheduled: boolean } {
    const own = new Map(ticketBuckets(settings, row.ready_at, row.units).map((part) => [part.bucket, part.units]));
    const without: KitchenLoad = {
      ...load,
      buckets: (load.buckets ?? []).map((b) => ({ bucket: b.bucket, units: b.units - (own.get(b.bucket) ?? 0) })),
    };
    const units = Number(row.units);
    const times = () => scheduledTimes(settings, without, units, now);
    if (Number(row.scheduled) === 1) {
      if (times().some((t) => t.readyAt === row.ready_at)) return { readyAt: row.ready_at, scheduled: true };
    } else {
      const asap = asapPromise(settings, without, units, now, row.fulfilment === 'delivery');
      if (asap) return { readyAt: asap.readyAt > row.ready_at ? asap.readyAt : row.ready_at, scheduled: false };
    }
    const next = times()[0];
    // Nothing free at all (closed for days): the promise stays, and the kitchen sees it late.
    return next
      ? { readyAt: next.readyAt, scheduled: true }
      : { readyAt: row.ready_at, scheduled: Number(row.scheduled) === 1 };
  }

  /**
   * The promise a ticket placed now gets, from the loads as read with the kitchen held shared
   * (`trx`; its room is taken by `take`): ASAP as the model gives it (or, when
   * `fallBackToScheduled`, its next free time), or the scheduled time asked for if it is still
   * free; refused (409) while paused or full, and 400 for a time off the grid.
   */
  async function promise(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    {
      when,
      units,
      now,
      fallBackToScheduled,
    }: { when: string; units: number; now: string; fallBackToScheduled: boolean },
  ): Promise<{ readyAt: string; scheduled: boolean; load: KitchenLoad }> {
    const load = await kitchenLoad(trx, settings, now, 'shared');
    let readyAt: string;
    let scheduled = false;
    if (when === 'asap') {
      if (pausedAt(settings, now).paused && !fallBackToScheduled) throw conflict('weAreNotTakingOnline');
      const asap = asapPromise(settings, load, units, now);
      const fallback = !asap && fallBackToScheduled ? scheduledTimes(settings, load, units, now)[0] : undefined;
      if (asap) readyAt = asap.readyAt;
      else if (fallback) {
        readyAt = fallback.readyAt;
        scheduled = true;
      } else
        throw pausedAt(settings, now).paused ? conflict('weAreNotTakingOnline') : conflict('weCannotTakeOrderSoon');
    } else {
      const wanted = new Date(when).toISOString();
      const free = scheduledTimes(settings, load, units, now);
      if (!free.some((t) => t.readyAt === wanted)) {
        const pause = pausedAt(settings, now);
        if (pause.paused && (pause.until === null || wanted < pause.until)) throw conflict('weAreNotTakingOnline');
        const grid = scheduledTimes(settings, { tickets: [], reservations: [] }, units, now);
        if (grid.some((t) => t.readyAt === wanted)) throw conflict('timeTaken');
        throw badRequest('notACookTime');
      }
      readyAt = wanted;
      scheduled = true;
    }
    return { readyAt, scheduled, load };
  }

  /** Adds or takes off (`sign`) a load in its buckets, unless the loads are spread under other rules than these settings' (the next checkout builds them again). */
  async function addLoad(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    readyAt: string,
    units: number,
    sign: 1 | -1,
  ): Promise<void> {
    await tickets(trx).addToBucketsUnder(
      bucketRules(settings),
      ticketBuckets(settings, readyAt, units).map((part) => ({ bucket: part.bucket, units: sign * part.units })),
    );
  }

  return {
    unitsFrom,
    weigh,
    unpaidAllowed,
    promise,
    promiseAgain,
    kitchenLoad,

    /** Makes sure, before a placing transaction, that the bucket loads were built in this process. */
    async ready(settings: RestaurantSettings): Promise<void> {
      if (!builtHere) await bucketsReady(db, settings, false);
    },

    /** Makes the bucket loads good for these settings again (a placing found them built under other rules: it is worked out again after). */
    readyAgain: (settings: RestaurantSettings) => bucketsReady(db, settings, false),

    /** A ticket's room taken and its numbers given, its transaction's last writes (kitchen-room.ts); false: a bucket filled up (RoomTaken). */
    takeAndNumber: room.takeAndNumber,

    /** A paid ticket's new promise's room (it keeps its numbers): false, nothing counted, when a bucket filled up since `load` was read. */
    take: room.take,

    /** A ticket's load leaves the buckets of a promise it no longer has (its payment moved it; the loads are good for these settings, made so under the shared hold). */
    async release(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      readyAt: string,
      units: number,
    ): Promise<void> {
      await tickets(trx).addToBuckets(
        ticketBuckets(settings, readyAt, units).map((part) => ({ bucket: part.bucket, units: -part.units })),
      );
    },

    /** The start of a write that changes the kitchen's loads: the branch's kitchen held shared (kitchen-room.ts). */
    enterKitchen: (trx: Kysely<AppDatabase>, guestId?: number) => room.enter(trx, guestId),

    /** The number a placed ticket is written with until `takeAndNumber` gives it its own. */
    provisionalSeq: () => provisionalSeq(engine),

    /**
     * A load enters or leaves the kitchen's buckets (`sign` 1 or -1), in the caller's
     * transaction, which holds the kitchen (enterKitchen): a ticket completed, cancelled or
     * recalled. `settings` are read before the transaction (on SQLite a read outside it waits for it). Nothing is written while the loads are spread under other rules than these
     * settings': the next quote or checkout builds them again from the tickets.
     */
    async shiftLoad(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      load: { readyAt: string; units: number },
      sign: 1 | -1,
    ): Promise<void> {
      await addLoad(trx, settings, load.readyAt, load.units, sign);
    },
  };
}

export type KitchenCapacity = ReturnType<typeof createKitchenCapacity>;
