import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PAYMENT_PAID, roleAtLeast } from '../../../shared/constants.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import { type CheckoutBody, type Fulfilment, TICKET_MESSAGES, type Ticket, UNPAID_MESSAGES } from '../../../shared/contract/tickets.ts';
import { STAFF_ORDER_MESSAGES, type StaffOrderBody, type StaffQuoteBody } from '../../../shared/contract/staff-orders.ts';
import { type KitchenLoad, arrivalOf, asapPromise, bucketRules, kitchenWindow, pausedAt, scheduledTimes, ticketBuckets } from '../../../shared/domain/capacity.ts';
import { type OrderMoney, orderMoney } from '../../../shared/domain/billing.ts';
import { localToday, wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { DINE_IN_RESERVATION_STATUSES } from '../../../shared/domain/workflows.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { type OrdersService, accountLastDigits } from '../orders/orders.service.ts';
import type { ReservationsService } from '../reservations/reservations.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TablesService } from '../tables/tables.service.ts';
import type { BillsService } from '../bills/bills.service.ts';
import { quotedMoney, toTicket } from './tickets.mappers.ts';
import { optionsCopy } from '../../db/dish-copy.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import { RoomTaken, createKitchenRoom, retryWhenRoomTaken } from './kitchen-room.ts';
import { decodeCursor, pageFrom, pageSize } from '../../http/paging.ts';
import { formatMoney } from '../../../shared/format-money.ts';

/**
 * Tickets (OPERATIONS.md "Tickets"; "One kitchen, one capacity"): checkout, quote and placing.
 * A quote is a forecast from the pure capacity model; a checkout runs the same model again
 * inside its write transaction, which holds the kitchen (an advisory lock on PostgreSQL, the
 * write lock on SQLite) from its first read to its commit, so two checkouts racing for the last
 * room in a bucket cannot both have it: the second sees the first's ticket and is promised
 * later (ASAP) or refused (a scheduled time). A refused checkout places and charges nothing.
 * The kitchen (board, all-day, status changes) and the dashboard reach tickets through this
 * service.
 */

export interface TicketsDeps {
  restaurant: RestaurantService;
  catalog: CatalogService;
  orders: OrdersService;
  reservations: ReservationsService;
  tables: TablesService;
  /** Puts every ticket placed on its bill, in the placing transaction (ORDERING.md "The bill"). */
  /** Every ticket is on a bill; a pick-up's or delivery's own bill is where its money lives (its figures on every screen). */
  bills: Pick<BillsService, 'attachTicket' | 'ownBillMoney'>;
  now?: () => number;
  /** Called after a ticket was placed, once committed (live events). */
  onChange?: (ticket: Ticket, ownerId: number | null) => void;
}

/** Writes the payment of a ticket placed with `pay: { provider }`, in the ticket's transaction. */
export interface OnlineHold {
  hold(trx: Kysely<AppDatabase>, ticketId: number, totalMinor: number, billId: number): Promise<void>;
}

/** The prep units (in tenths) a line's chosen values add per portion, from the copy the line keeps. */
function optionTenths(json: string | undefined): number {
  let tenths = 0;
  for (const option of optionsCopy(json)) {
    if (typeof option.prepUnits === 'number' && Number.isFinite(option.prepUnits) && option.prepUnits > 0) tenths += Math.round(option.prepUnits * 10);
  }
  return tenths;
}

/** The lines a ticket weighs and prices: a guest's booking orders, or the lines staff took. */
type PricedLine = { product_id: number; name: string; category: string; quantity: number; total_price: number; options?: string };

/** The settings with online ordering running: staff orders are not stopped by a pause (ORDERING.md "Orders taken by staff"). */
function unpaused(settings: RestaurantSettings): RestaurantSettings {
  return settings.kitchen.acceptingOrders ? settings : { ...settings, kitchen: { ...settings.kitchen, acceptingOrders: true, pausedUntil: null } };
}

/**
 * What a staff order asked for, as a hash kept with its key: who sent it and the order as
 * validated (the key aside; a line's options in any order are the same choice). A repeat of the
 * key with the same hash is the same order; with another, a reused key.
 */
function staffOrderHash(callerId: number, body: StaffOrderBody): string {
  const { key: _key, ...order } = body;
  const canonical = {
    by: callerId,
    ...order,
    when: order.when === 'asap' ? 'asap' : new Date(order.when).toISOString(),
    lines: order.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, options: l.options ? [...l.options].sort((a, b) => a - b) : null, note: l.note ?? '' })),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export function createTicketsService(db: Kysely<AppDatabase>, engine: Engine, deps: TicketsDeps) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();
  const room = createKitchenRoom(engine);

  /** Units the kitchen cooks for these lines: quantity × the dish's prep units; refuses sold-out or removed dishes. */
  async function unitsOf(executor: Kysely<AppDatabase>, lines: PricedLine[]): Promise<number> {
    const ids = lines.map((l) => l.product_id);
    // One after the other: inside a transaction both go through its one connection.
    const dishes = await deps.catalog.dishesForKitchen(ids, executor);
    const soldOutValues = await deps.catalog.soldOutOptions(ids, executor);
    // In tenths: an option value may add half a unit a portion (ORDERING.md "Dish options"); the
    // ticket's load is whole units, rounded up.
    let tenths = 0;
    for (const line of lines) {
      const dish = dishes.get(line.product_id);
      if (!dish || dish.removed) throw conflict(`${line.name} is no longer on the menu`);
      if (!dish.available) throw conflict(`Sold out: ${dish.name}`);
      // A value chosen when the line went into the bag may have sold out since (ORDERING.md "Dish options").
      const gone = optionsCopy(line.options).filter((option) => soldOutValues.get(line.product_id)?.has(`${option.group}\u0000${option.name}`));
      if (gone.length > 0) throw conflict(`Sold out: ${gone.map((option) => option.name).join(', ')} (${dish.name})`);
      tenths += line.quantity * (dish.prepUnits * 10 + optionTenths(line.options));
    }
    return Math.ceil(tenths / 10);
  }

  /**
   * The table of bucket loads is rebuilt from the open tickets once in each process (so a
   * restored or hand-edited database is right again after a start) and whenever the rules it
   * was spread under differ from the settings; always under the kitchen's lock.
   */
  let builtHere = false;

  async function rebuildBuckets(trx: Kysely<AppDatabase>, settings: RestaurantSettings): Promise<void> {
    const repository = createTicketsRepository(trx);
    const loads = new Map<string, number>();
    for (const ticket of await repository.openLoads()) {
      for (const part of ticketBuckets(settings, ticket.ready_at, ticket.units)) loads.set(part.bucket, (loads.get(part.bucket) ?? 0) + part.units);
    }
    await repository.replaceBuckets(bucketRules(settings), loads);
  }

  /**
   * Makes sure the bucket loads are good for these settings. `locked`: the caller's transaction
   * already holds the kitchen, and a rebuild is part of it (undone with it). Only a rebuild of
   * its own, committed, counts as this process's first (a checkout makes sure of it before its
   * transaction).
   */
  async function bucketsReady(executor: Kysely<AppDatabase>, settings: RestaurantSettings, locked: boolean | 'shared'): Promise<void> {
    const rules = bucketRules(settings);
    if (builtHere && (await createTicketsRepository(executor).bucketRules()) === rules) return;
    // Held shared (kitchen-room.ts), the table is not rebuilt here: the placing is worked out again after a rebuild.
    if (locked === 'shared' && engine === 'postgres') throw new RoomTaken();
    if (locked) {
      await rebuildBuckets(executor, settings);
      return;
    }
    await db.transaction().execute(async (trx) => {
      await lockForWriting(trx, engine, 'kitchen');
      if (!builtHere || (await createTicketsRepository(trx).bucketRules()) !== rules) await rebuildBuckets(trx, settings);
    });
    builtHere = true;
  }

  /**
   * What the kitchen already has to cook in the buckets a promise made now may use: the open
   * tickets' loads from the table of buckets, and the covers of the booked or seated
   * reservations that can load those buckets (unless a dine-in ticket carries their food).
   * Its cost does not grow with the day's tickets (issue 35 point 7).
   */
  async function kitchenLoad(executor: Kysely<AppDatabase>, settings: RestaurantSettings, now: string, locked: boolean | 'shared'): Promise<KitchenLoad> {
    await bucketsReady(executor, settings, locked);
    const window = kitchenWindow(settings, now);
    const repository = createTicketsRepository(executor);
    const buckets = await repository.bucketsBetween(window.from, window.to);
    const covers = await deps.reservations.coversBetween(window.reservationsFrom, window.to, executor);
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
  async function unpaidAllowed(trx: Kysely<AppDatabase>, settings: RestaurantSettings, userId: number, units: number): Promise<void> {
    const limits = settings.unpaidOrders;
    if (limits.perGuest === 0) throw conflict(UNPAID_MESSAGES.none);
    const maxUnits = limits.maxUnits ?? Math.max(1, Math.floor(settings.kitchen.unitsPerBucket / 4));
    if (units > maxUnits) throw conflict(UNPAID_MESSAGES.tooLarge(units, maxUnits));
    const open = await createTicketsRepository(trx).openUnpaidOf(userId);
    if (open >= limits.perGuest) throw conflict(UNPAID_MESSAGES.tooMany(open));
  }

  /** The lines' money as their bill will charge it, in minor units (the one money module: ORDERING.md "Money that agrees on every screen"). */
  function money(lines: PricedLine[], fulfilment: Fulfilment, settings: RestaurantSettings): OrderMoney {
    return orderMoney({
      fulfilment,
      lines: lines.map((l) => ({ total: Number(l.total_price), category: l.category })),
      deliveryFee: fulfilment === 'delivery' ? toMinorUnits(settings.fulfilment.deliveryFee) : 0,
      billing: settings.billing,
    });
  }

  function offered(settings: RestaurantSettings, fulfilment: Fulfilment): void {
    const on = { pickup: settings.fulfilment.pickup, delivery: settings.fulfilment.delivery, dine_in: settings.fulfilment.dineIn }[fulfilment];
    if (!on) throw conflict(`${fulfilment === 'dine_in' ? 'Dine-in' : fulfilment === 'pickup' ? 'Pick-up' : 'Delivery'} is not offered right now`);
  }

  async function views(executor: Kysely<AppDatabase>, ids: number[]): Promise<Ticket[]> {
    const tickets = (await createTicketsRepository(executor).withLines(ids)).map(({ row, lines }) => toTicket(row, lines));
    // A pick-up's or delivery's money is its own bill's, as it stands (a discount, the settings before its payment);
    // a cancelled one shows what it was, and what was given back of it.
    const own = tickets.filter((t) => t.fulfilment !== 'dine_in' && t.billId !== undefined);
    if (own.length === 0) return tickets;
    const money = await deps.bills.ownBillMoney(
      executor,
      own.map((t) => Number(t.billId)),
    );
    for (const ticket of own) {
      const bill = money.get(Number(ticket.billId));
      if (!bill) continue;
      const { refunded, ...figures } = bill;
      if (ticket.status !== 'cancelled') Object.assign(ticket, figures);
      if (refunded > 0) ticket.refunded = refunded;
    }
    return tickets;
  }


  /**
   * What a ticket is placed from: a guest's checkout (their booking orders, paid as they chose)
   * or an order taken by staff (lines priced from the catalogue with their options, paid later
   * on the bill, under the order's idempotency key). Both go through `place`.
   */
  type Placing = { source: 'online'; body: CheckoutBody; fallBackToScheduled: boolean; onlineHold?: OnlineHold } | { source: 'staff'; body: StaffOrderBody; bodyHash: string };

  /** A line as the ticket copies it. */
  type LineToPlace = { order_id: number | null; product_id: number; name: string; category: string; quantity: number; total_price: number; options: string; note: string | null };

  /** Staff's lines at the catalogue's price with their options, validated as the order call validates them. */
  async function staffLines(trx: Kysely<AppDatabase>, body: Pick<StaffOrderBody, 'lines'>): Promise<LineToPlace[]> {
    const lines: LineToPlace[] = [];
    for (const line of body.lines) {
      const dish = await deps.catalog.orderedDish(line.productId, { chosen: line.options }, trx);
      lines.push({ order_id: null, product_id: dish.id, name: dish.name, category: dish.category, quantity: line.quantity, total_price: dish.unitCents * line.quantity, options: JSON.stringify(dish.options), note: line.note ? line.note : null });
    }
    return lines;
  }

  /**
   * Places a ticket; `created` false when a staff order's key had already placed one (its ticket).
   * A staff order claims its key first thing in the transaction: the key is the primary key of
   * ticket_keys, so only one transaction can ever hold it, and a refusal undoes the claim.
   */
  async function place(caller: Caller, placing: Placing): Promise<{ ticket: Ticket; created: boolean }> {
    const { body } = placing;
    const online = placing.source === 'online';
    // A guest's way of paying: the spec's form (a method and account, or cash) or a provider's page.
    const pay = placing.source === 'online' ? placing.body.pay : null;
    const provider = pay && 'provider' in pay ? pay.provider : undefined;
    if (provider && !(placing.source === 'online' && placing.onlineHold)) throw badRequest('An online payment is taken through the payments module');
    // A pause of online ordering does not stop staff: their promise comes from the same model, unpaused.
    const settings = online ? await deps.restaurant.get() : unpaused(await deps.restaurant.get());
    const now = nowIso();
    offered(settings, body.fulfilment);
    if (body.fulfilment === 'delivery' && !body.address) throw badRequest('address is required for a delivery: { line1, area, phone }');
    if (body.fulfilment === 'dine_in') {
      if (placing.source === 'online' && placing.body.reservationId === undefined && body.tableId === undefined) throw badRequest('A dine-in order needs your reservation (reservationId) or a table (tableId)');
      if (placing.source === 'staff' && body.tableId === undefined) throw badRequest('A dine-in order needs a table (tableId)');
    } else if (placing.source === 'staff' && placing.body.customer.name === undefined) throw badRequest('customer.name is required for a pick-up or a delivery');
    if (!builtHere) await bucketsReady(db, settings, false);
    const again = () => bucketsReady(db, settings, false);
    const placed = await retryWhenRoomTaken(() => db.transaction().execute(async (trx): Promise<{ id: number; created: boolean }> => {
      await room.enter(trx, online ? caller.id : undefined);
      const tickets = createTicketsRepository(trx);
      if (placing.source === 'staff' && !(await tickets.claimKey(placing.body.key, placing.bodyHash, now))) {
        return { id: await keyedTicket(trx, placing.body.key, placing.bodyHash), created: false };
      }
      let lines: LineToPlace[];
      if (placing.source === 'online') {
        const orders = await deps.orders.linesToPlace(caller.id, placing.body.orderIds, trx);
        const already = orders.find((l) => l.ticket_id !== null);
        if (already) throw conflict(already.payment === PAYMENT_PAID ? 'This order has already been paid' : `${already.name} is already in a placed order`);
        lines = orders.map((l) => ({ order_id: l.id, product_id: l.product_id, name: l.name, category: l.category, quantity: l.quantity, total_price: Number(l.total_price), options: l.options, note: null }));
      } else lines = await staffLines(trx, placing.body);
      const units = await unitsOf(trx, lines);
      if (placing.source === 'online' && pay && 'Method' in pay && pay.Method === 'cash' && !roleAtLeast(caller.role, 'staff')) await unpaidAllowed(trx, settings, caller.id, units);
      const priced = money(lines, body.fulfilment, settings);
      if (body.fulfilment === 'delivery' && priced.subtotal < toMinorUnits(settings.fulfilment.deliveryMinimum)) {
        throw badRequest(`A delivery needs at least ${formatMoney(settings.fulfilment.deliveryMinimum, settings.currency)} of food (this is ${formatMoney(fromMinorUnits(priced.subtotal), settings.currency)})`);
      }
      let reservationId: number | null = null;
      let tableId: number | null = null;
      let tableName = '';
      if (body.fulfilment === 'dine_in') {
        if (placing.source === 'online' && placing.body.reservationId !== undefined) {
          const reservation = await deps.reservations.ownForDineIn(caller.id, placing.body.reservationId, trx);
          if (!reservation) throw notFound('No such reservation of yours');
          if (reservation.date !== localToday(now, settings.timeZone)) throw badRequest('Dine-in orders are for your reservation of today');
          if (!DINE_IN_RESERVATION_STATUSES.includes(reservation.status)) throw conflict(`This reservation is ${reservation.status.replace('_', '-')}`);
          reservationId = placing.body.reservationId;
        } else if (body.tableId !== undefined) {
          const table = (await deps.tables.tables(trx)).find((t) => t.id === body.tableId && t.active);
          if (!table) throw badRequest('tableId is not a table of the restaurant');
          tableId = table.id;
          tableName = table.name;
        }
      }

      const load = await kitchenLoad(trx, settings, now, 'shared');
      const fallBackToScheduled = placing.source === 'online' && placing.fallBackToScheduled;
      let readyAt: string;
      let scheduled = false;
      if (body.when === 'asap') {
        if (pausedAt(settings, now).paused && !fallBackToScheduled) throw conflict(TICKET_MESSAGES.paused);
        const asap = asapPromise(settings, load, units, now);
        const fallback = !asap && fallBackToScheduled ? scheduledTimes(settings, load, units, now)[0] : undefined;
        if (asap) readyAt = asap.readyAt;
        else if (fallback) {
          readyAt = fallback.readyAt;
          scheduled = true;
        } else throw conflict(pausedAt(settings, now).paused ? TICKET_MESSAGES.paused : 'We cannot take an order for as soon as possible now: please choose a time');
      } else {
        const wanted = new Date(body.when).toISOString();
        const free = scheduledTimes(settings, load, units, now);
        if (!free.some((t) => t.readyAt === wanted)) {
          const pause = pausedAt(settings, now);
          if (pause.paused && (pause.until === null || wanted < pause.until)) throw conflict(TICKET_MESSAGES.paused);
          const grid = scheduledTimes(settings, { tickets: [], reservations: [] }, units, now);
          if (grid.some((t) => t.readyAt === wanted)) throw conflict(TICKET_MESSAGES.taken);
          throw badRequest('when is not one of the times we can cook for: ask the quote for the free ones');
        }
        readyAt = wanted;
        scheduled = true;
      }
      const arriveAt = body.fulfilment === 'delivery' ? arrivalOf(settings, readyAt) : null;

      const day = wallClockOf(now, settings.timeZone).date;
      await room.numbers(trx, day);
      const seq = await tickets.nextSeq(day);
      // A staff order is paid on its bill later: due, with no method yet. An online payment is due until its provider says otherwise.
      const cash = placing.source === 'staff' || (pay !== null && 'Method' in pay && pay.Method === 'cash');
      const account = pay && 'AccountNumber' in pay ? accountLastDigits(pay.AccountNumber) : null;
      const method = pay === null ? null : 'Method' in pay ? pay.Method : pay.provider;
      const ticketId = await tickets.insert(
        {
          local_date: day,
          seq,
          number: `A-${String(seq).padStart(3, '0')}`,
          user_id: online ? caller.id : null,
          customer_name: placing.source === 'online' ? caller.name : (placing.body.customer.name ?? `Table ${tableName}`),
          customer_email: online ? caller.email : '',
          fulfilment: body.fulfilment,
          status: provider ? 'awaiting_payment' : 'received',
          placed_at: now,
          ready_at: readyAt,
          arrive_at: arriveAt,
          scheduled: scheduled ? 1 : 0,
          units,
          subtotal: priced.subtotal,
          delivery_fee: priced.deliveryFee,
          service_charge: priced.serviceCharge,
          tax: priced.taxes.reduce((sum, t) => sum + t.amount, 0),
          taxes: JSON.stringify(priced.taxes),
          tax_inclusive: priced.taxInclusive ? 1 : 0,
          total: priced.total,
          payment: cash || provider ? 'due' : 'paid',
          pay_method: method,
          pay_account: account,
          address: body.address ? JSON.stringify(body.address) : null,
          reservation_id: reservationId,
          table_id: tableId,
          cancel_reason: null,
          started_at: null,
          ready_marked_at: null,
          completed_at: null,
          cancelled_at: null,
          source: placing.source,
          taken_by: online ? null : caller.id,
          customer_phone: placing.source === 'staff' ? (placing.body.customer.phone ?? null) : null,
        },
        lines.map((l) => ({ order_id: l.order_id, product_id: l.product_id, name: l.name, quantity: l.quantity, price: l.total_price, options: l.options, note: l.note })),
      );
      // Every ticket on its bill, in this transaction (bills.service, decision 029); a staff order's
      // money and an online payment's are taken on the bill when they come.
      const billId = await deps.bills.attachTicket(trx, settings, { id: ticketId, fulfilment: body.fulfilment, tableId, reservationId, paidWith: cash || provider || method === null ? null : method, userId: caller.id });
      if (placing.source === 'online') {
        await deps.orders.markPlaced(
          ticketId,
          lines.map((l) => l.order_id as number),
          cash || provider || method === null ? null : { method, account },
          trx,
        );
        // The payment is written with the ticket: both are there or neither is.
        if (provider) await placing.onlineHold?.hold(trx, ticketId, priced.total, billId);
      } else await tickets.keyPlaced(placing.body.key, ticketId);
      // The room last, so that its bucket's row is held only to the commit (kitchen-room.ts).
      if (!(await room.take(trx, settings, load, readyAt, units))) throw new RoomTaken();
      return { id: ticketId, created: true };
    }), again, () => conflict(TICKET_MESSAGES.taken));
    const ticket = (await views(db, [placed.id]))[0] as Ticket;
    // A ticket awaiting its payment is not news for the kitchen yet: it is told once paid.
    if (placed.created && !provider) deps.onChange?.(ticket, online ? caller.id : null);
    return { ticket, created: placed.created };
  }

  /** The ticket a used key placed; 409 when it was used for another order. */
  async function keyedTicket(executor: Kysely<AppDatabase>, key: string, bodyHash: string): Promise<number> {
    const used = await createTicketsRepository(executor).keyOf(key);
    if (!used || used.ticket_id === null) throw conflict(STAFF_ORDER_MESSAGES.repeated);
    if (used.body_hash !== bodyHash) throw conflict(STAFF_ORDER_MESSAGES.keyReused);
    return used.ticket_id;
  }

  /**
   * The promise of a ticket whose payment just arrived, checked again (ORDERING.md "Payments"):
   * kept if the kitchen can still keep it (a scheduled time still free, an ASAP promise not
   * earlier than what ASAP gives now, both without the ticket's own load), else the next it
   * can. Under the kitchen's lock (the caller's transaction).
   */
  async function promiseAgain(trx: Kysely<AppDatabase>, settings: RestaurantSettings, row: { ready_at: string; units: number; scheduled: number; fulfilment: string }, now: string): Promise<{ readyAt: string; scheduled: boolean; load: KitchenLoad }> {
    const load = await kitchenLoad(trx, settings, now, 'shared');
    return { ...promiseFrom(settings, load, row, now), load };
  }

  function promiseFrom(settings: RestaurantSettings, load: KitchenLoad, row: { ready_at: string; units: number; scheduled: number; fulfilment: string }, now: string): { readyAt: string; scheduled: boolean } {
    const own = new Map(ticketBuckets(settings, row.ready_at, row.units).map((part) => [part.bucket, part.units]));
    const without: KitchenLoad = { ...load, buckets: (load.buckets ?? []).map((b) => ({ bucket: b.bucket, units: b.units - (own.get(b.bucket) ?? 0) })) };
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
    return next ? { readyAt: next.readyAt, scheduled: true } : { readyAt: row.ready_at, scheduled: Number(row.scheduled) === 1 };
  }

  return {
    /** Holds the kitchen shared (kitchen-room.ts): a kitchen move, whose load change is one statement per bucket. */
    enterKitchen: (trx: Kysely<AppDatabase>) => room.enter(trx),

    /**
     * A load enters or leaves the kitchen's buckets (`sign` 1 or -1), in the caller's
     * transaction, which holds the kitchen (enterKitchen): a ticket completed, cancelled or
     * recalled. `settings` are read before the transaction (on SQLite a read outside it waits for it). Nothing is written while the loads are spread under other rules than these
     * settings': the next quote or checkout builds them again from the tickets.
     */
    async shiftLoad(trx: Kysely<AppDatabase>, settings: RestaurantSettings, load: { readyAt: string; units: number }, sign: 1 | -1): Promise<void> {
      const repository = createTicketsRepository(trx);
      if ((await repository.bucketRules()) !== bucketRules(settings)) return;
      await repository.addToBuckets(ticketBuckets(settings, load.readyAt, load.units).map((part) => ({ bucket: part.bucket, units: sign * part.units })));
    },

    /**
     * A ticket's online payment succeeded (in the payment's transaction, which holds the
     * kitchen: enterKitchen): awaiting_payment → received and paid, its promise checked again.
     * `paid` false: the money did not count on its bill (refunded), so the ticket stays due there.
     * Whether it moved (false: it was no longer awaiting its payment).
     */
    async paymentSucceeded(trx: Kysely<AppDatabase>, settings: RestaurantSettings, ticketId: number, provider: string, paid = true): Promise<boolean> {
      const repository = createTicketsRepository(trx);
      const row = await repository.forPayment(ticketId);
      if (!row || row.status !== 'awaiting_payment') return false;
      const now = nowIso();
      const again = await promiseAgain(trx, settings, row, now);
      // Its new promise's room is taken as a placing takes it (decision 042); when a racer took it first, the promise stays.
      const move = again.readyAt !== row.ready_at && (await room.take(trx, settings, again.load, again.readyAt, Number(row.units)));
      const promise = move ? again : { readyAt: row.ready_at, scheduled: Number(row.scheduled) === 1 };
      const moved = await repository.settleAwaiting(ticketId, {
        status: 'received',
        ...(paid ? { payment: PAYMENT_PAID } : {}),
        ready_at: promise.readyAt,
        scheduled: promise.scheduled ? 1 : 0,
        ...(row.fulfilment === 'delivery' ? { arrive_at: arrivalOf(settings, promise.readyAt) } : {}),
      });
      // The load leaves the promise it no longer has (the new one's, when the ticket did not move after all).
      if (move) await repository.addToBuckets(ticketBuckets(settings, moved ? row.ready_at : promise.readyAt, row.units).map((part) => ({ bucket: part.bucket, units: -part.units })));
      if (!moved) return false;
      if (paid) await deps.orders.payOnline(ticketId, provider, trx);
      return true;
    },

    /**
     * A ticket's online payment failed or expired (in the payment's transaction, holding the
     * kitchen): awaiting_payment → cancelled, its room in the kitchen freed and its lines free
     * to be placed again. Whether it moved.
     */
    async paymentEnded(trx: Kysely<AppDatabase>, settings: RestaurantSettings, ticketId: number, reason: string): Promise<boolean> {
      const repository = createTicketsRepository(trx);
      const row = await repository.forPayment(ticketId);
      if (!row || row.status !== 'awaiting_payment') return false;
      const moved = await repository.settleAwaiting(ticketId, { status: 'cancelled', cancel_reason: reason, cancelled_at: nowIso() });
      if (!moved) return false;
      if ((await repository.bucketRules()) === bucketRules(settings)) {
        await repository.addToBuckets(ticketBuckets(settings, row.ready_at, row.units).map((part) => ({ bucket: part.bucket, units: -part.units })));
      }
      await repository.releaseLines(ticketId);
      await deps.orders.release(ticketId, trx);
      return true;
    },

    /** Who a ticket belongs to and its total in minor units (undefined: no such ticket). */
    async ownerOf(ticketId: number, executor: Kysely<AppDatabase> = db): Promise<{ userId: number | null } | undefined> {
      const row = await createTicketsRepository(executor).ownerOf(ticketId);
      return row ? { userId: row.user_id } : undefined;
    },

    /** Tickets by id as the contract has them, newest first (the kitchen board's cards). */
    views: (ids: number[], executor: Kysely<AppDatabase> = db) => views(executor, ids),

    /** GET /api/v1/checkout/quote: money and the kitchen's forecast for these lines. */
    async quote(caller: Caller, fulfilment: Fulfilment, orderIds: number[]) {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      offered(settings, fulfilment);
      const lines = await deps.orders.linesToPlace(caller.id, orderIds);
      const placed = lines.find((l) => l.ticket_id !== null);
      if (placed) throw conflict(`${placed.name} is already in a placed order`);
      const units = await unitsOf(db, lines);
      const load = await kitchenLoad(db, settings, now, false);
      return { ...quotedMoney(money(lines, fulfilment, settings)), asap: asapPromise(settings, load, units, now, fulfilment === 'delivery'), times: scheduledTimes(settings, load, units, now) };
    },

    /** POST /api/v1/tickets/quote (staff): the money and the kitchen's forecast for lines staff are taking, unpaused as their orders are. */
    async staffQuote(body: StaffQuoteBody) {
      const settings = unpaused(await deps.restaurant.get());
      const now = nowIso();
      offered(settings, body.fulfilment);
      const lines = await staffLines(db, body);
      const units = await unitsOf(db, lines);
      const load = await kitchenLoad(db, settings, now, false);
      return { ...quotedMoney(money(lines, body.fulfilment, settings)), asap: asapPromise(settings, load, units, now, body.fulfilment === 'delivery'), times: scheduledTimes(settings, load, units, now) };
    },

    /** POST /api/v1/checkout */
    /** POST /api/v1/checkout; with `online`, an online payment is written with the ticket (awaiting_payment). */
    checkout: async (caller: Caller, body: CheckoutBody, online?: OnlineHold) => (await place(caller, { source: 'online', body, fallBackToScheduled: false, ...(online ? { onlineHold: online } : {}) })).ticket,

    /**
     * The spec's pay call places a one-line ticket: pick-up as soon as possible unless the body
     * says otherwise, and, when the kitchen cannot promise ASAP now (closed), its next free time.
     */
    payOne: async (caller: Caller, body: CheckoutBody) => (await place(caller, { source: 'online', body, fallBackToScheduled: body.when === 'asap' })).ticket,

    /**
     * POST /api/v1/tickets (staff): a ticket with source "staff"; `created` false when its key
     * had already placed this very order (the ticket then is that one). The same key with another
     * body is 409, and so is the same key sent by another account (the account is part of the body).
     */
    async staffOrder(caller: Caller, body: StaffOrderBody): Promise<{ ticket: Ticket; created: boolean }> {
      const bodyHash = staffOrderHash(caller.id, body);
      // A plain retry answers without waiting for the kitchen; the claim in the transaction decides the races.
      const used = await createTicketsRepository(db).keyOf(body.key);
      if (used && used.ticket_id !== null) return { ticket: (await views(db, [await keyedTicket(db, body.key, bodyHash)]))[0] as Ticket, created: false };
      return place(caller, { source: 'staff', body, bodyHash });
    },

    /** GET /api/v1/tickets/mine: newest first, a page of at most `limit` (500) after `cursor` (paging.ts). */
    async mine(caller: Caller, page: { limit?: number | undefined; cursor?: string | undefined } = {}): Promise<{ tickets: Ticket[]; nextCursor: string | null }> {
      const size = pageSize(page.limit);
      const ids = pageFrom(await createTicketsRepository(db).idsOf(caller.id, size + 1, decodeCursor(page.cursor, ['n'])?.[0] as number | undefined), size, (id) => [id]);
      return { tickets: await views(db, ids.rows), nextCursor: ids.nextCursor };
    },

    /** GET /api/v1/tickets/{id}: the owner's, or any for staff. */
    async one(caller: Caller, id: number, staff: boolean): Promise<Ticket> {
      const row = await createTicketsRepository(db).ownerOf(id);
      if (!row || (row.user_id !== caller.id && !staff)) throw notFound('No such order');
      return (await views(db, [id]))[0] as Ticket;
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
