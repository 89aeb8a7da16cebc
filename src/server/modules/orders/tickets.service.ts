import type { Kysely } from 'kysely';
import { PAYMENT_PAID } from '../../../shared/constants.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { type CheckoutBody, type DeliveryAddress, type Fulfilment, TICKET_MESSAGES, type Ticket, type TicketStatus } from '../../../shared/contract/tickets.ts';
import { type KitchenLoad, arrivalOf, asapPromise, pausedAt, scheduledTimes } from '../../../shared/domain/capacity.ts';
import { localHourOn, localToday, wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { OPEN_TICKET_STATUSES, canMoveTicket } from '../../../shared/domain/workflows.ts';
import { type AllDayCount, KITCHEN_MESSAGES, type KitchenTicket, RECALL_MINUTES } from '../../../shared/contract/kitchen.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase, OrderRow } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ReservationsService } from '../reservations/reservations.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TablesService } from '../tables/tables.service.ts';
import { accountLastDigits } from './orders.service.ts';

/**
 * Tickets (OPERATIONS.md "Tickets"; "One kitchen, one capacity"). A quote is a forecast from
 * the pure capacity model; a checkout runs the same model again inside its write transaction,
 * which holds the kitchen (an advisory lock on PostgreSQL, the write lock on SQLite) from its
 * first read to its commit, so two checkouts racing for the last room in a bucket cannot both
 * have it: the second sees the first's ticket and is promised later (ASAP) or refused (a
 * scheduled time). A refused checkout places and charges nothing.
 */

export interface TicketsDeps {
  restaurant: RestaurantService;
  catalog: CatalogService;
  reservations: ReservationsService;
  tables: TablesService;
  now?: () => number;
  /** Called after a ticket was placed or changed status, once committed (live events). */
  onChange?: (ticket: Ticket, ownerId: number | null) => void;
}

type LineRow = Pick<OrderRow, 'id' | 'product_id' | 'name' | 'quantity' | 'total_price' | 'payment'> & { ticket_id: number | null };

const MINUTE = 60_000;
/** When a status change happened, by the column that keeps it. */
const STATUS_TIMES: Partial<Record<TicketStatus, 'started_at' | 'ready_marked_at' | 'completed_at' | 'cancelled_at'>> = {
  preparing: 'started_at',
  ready: 'ready_marked_at',
  completed: 'completed_at',
  cancelled: 'cancelled_at',
};

export function createTicketsService(db: Kysely<AppDatabase>, engine: Engine, deps: TicketsDeps) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();

  /** The caller's lines by id; 404 when one is not theirs (or does not exist). */
  async function linesOf(executor: Kysely<AppDatabase>, userId: number, ids: number[]): Promise<LineRow[]> {
    const rows = await executor
      .selectFrom('orders')
      .select(['id', 'product_id', 'name', 'quantity', 'total_price', 'payment', 'ticket_id'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw notFound('No such order');
    return rows.map((r) => ({ ...r, ticket_id: r.ticket_id ?? null }));
  }

  /** Units the kitchen cooks for these lines: quantity × the dish's prep units; refuses sold-out or removed dishes. */
  async function unitsOf(executor: Kysely<AppDatabase>, lines: LineRow[]): Promise<number> {
    const dishes = await deps.catalog.dishesForKitchen(
      lines.map((l) => l.product_id),
      executor,
    );
    let units = 0;
    for (const line of lines) {
      const dish = dishes.get(line.product_id);
      if (!dish || dish.removed) throw conflict(`${line.name} is no longer on the menu`);
      if (!dish.available) throw conflict(`Sold out: ${dish.name}`);
      units += line.quantity * dish.prepUnits;
    }
    return units;
  }

  /** What the kitchen already has to cook around now: open tickets and the room's seated or booked covers. */
  async function kitchenLoad(executor: Kysely<AppDatabase>, now: string): Promise<KitchenLoad> {
    const from = new Date(Date.parse(now) - 86_400_000).toISOString();
    const to = new Date(Date.parse(now) + 3 * 86_400_000).toISOString();
    const tickets = await executor
      .selectFrom('tickets')
      .select(['ready_at', 'units', 'reservation_id', 'fulfilment'])
      .where('status', 'in', OPEN_TICKET_STATUSES)
      .where('ready_at', '>=', from)
      .where('ready_at', '<=', to)
      .execute();
    const carried = new Set(tickets.filter((t) => t.fulfilment === 'dine_in' && t.reservation_id !== null).map((t) => t.reservation_id));
    const covers = await deps.reservations.coversBetween(from, to, executor);
    return {
      tickets: tickets.map((t) => ({ readyAt: t.ready_at, units: t.units })),
      reservations: covers.map((c) => ({ startsAt: c.startsAt, partySize: c.partySize, carried: carried.has(c.id) })),
    };
  }

  function money(lines: LineRow[], fulfilment: Fulfilment, settings: RestaurantSettings) {
    const subtotal = lines.reduce((sum, l) => sum + Number(l.total_price), 0);
    const deliveryFee = fulfilment === 'delivery' ? settings.fulfilment.deliveryFee : 0;
    return { subtotal, deliveryFee, total: subtotal + deliveryFee };
  }

  function offered(settings: RestaurantSettings, fulfilment: Fulfilment): void {
    const on = { pickup: settings.fulfilment.pickup, delivery: settings.fulfilment.delivery, dine_in: settings.fulfilment.dineIn }[fulfilment];
    if (!on) throw conflict(`${fulfilment === 'dine_in' ? 'Dine-in' : fulfilment === 'pickup' ? 'Pick-up' : 'Delivery'} is not offered right now`);
  }

  async function views(executor: Kysely<AppDatabase>, ids: number[]): Promise<Ticket[]> {
    if (ids.length === 0) return [];
    const rows = await executor.selectFrom('tickets').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
    const lines = await executor.selectFrom('ticket_lines').selectAll().where('ticket_id', 'in', ids).orderBy('id').execute();
    // The optional fields come last (the serializer writes the contract's order): a spread
    // followed by more properties takes V8's slow path on Node 20 (dish-copy.ts).
    return rows.map((t) => ({
      _id: String(t.id),
      number: t.number,
      fulfilment: t.fulfilment as Fulfilment,
      status: t.status as TicketStatus,
      placedAt: t.placed_at,
      readyAt: t.ready_at,
      scheduled: Number(t.scheduled) === 1,
      lines: lines.filter((l) => l.ticket_id === t.id).map((l) => ({ orderMainId: l.order_id === null ? null : String(l.order_id), name: l.name, quantity: l.quantity, price: l.price })),
      subtotal: t.subtotal,
      deliveryFee: t.delivery_fee,
      total: t.total,
      payment: t.payment as 'paid' | 'due',
      customer: { name: t.customer_name, email: t.customer_email },
      ...(t.arrive_at ? { arriveAt: t.arrive_at } : {}),
      ...(t.address ? { address: JSON.parse(t.address) as DeliveryAddress } : {}),
      ...(t.reservation_id !== null ? { reservationId: String(t.reservation_id) } : {}),
      ...(t.table_id !== null ? { tableId: String(t.table_id) } : {}),
      ...(t.cancel_reason ? { cancelReason: t.cancel_reason } : {}),
    }));
  }

  async function place(caller: Caller, body: CheckoutBody, options: { fallBackToScheduled?: boolean } = {}): Promise<Ticket> {
    const settings = await deps.restaurant.get();
    const now = nowIso();
    offered(settings, body.fulfilment);
    if (body.fulfilment === 'delivery' && !body.address) throw badRequest('address is required for a delivery: { line1, area, phone }');
    if (body.fulfilment === 'dine_in' && body.reservationId === undefined && body.tableId === undefined) throw badRequest('A dine-in order needs your reservation (reservationId) or a table (tableId)');
    const id = await db.transaction().execute(async (trx) => {
      await lockForWriting(trx, engine, 'kitchen');
      const lines = await linesOf(trx, caller.id, body.orderIds);
      const placed = lines.find((l) => l.ticket_id !== null);
      if (placed) throw conflict(placed.payment === PAYMENT_PAID ? 'This order has already been paid' : `${placed.name} is already in a placed order`);
      const units = await unitsOf(trx, lines);
      const { subtotal, deliveryFee, total } = money(lines, body.fulfilment, settings);
      if (body.fulfilment === 'delivery' && subtotal < settings.fulfilment.deliveryMinimum) {
        throw badRequest(`A delivery needs at least ${settings.fulfilment.deliveryMinimum} of food (this is ${subtotal})`);
      }
      let reservationId: number | null = null;
      let tableId: number | null = null;
      if (body.fulfilment === 'dine_in') {
        if (body.reservationId !== undefined) {
          const reservation = await deps.reservations.ownForDineIn(caller.id, body.reservationId, trx);
          if (!reservation) throw notFound('No such reservation of yours');
          if (reservation.date !== localToday(now, settings.timeZone)) throw badRequest('Dine-in orders are for your reservation of today');
          if (reservation.status !== 'booked' && reservation.status !== 'seated') throw conflict(`This reservation is ${reservation.status.replace('_', '-')}`);
          reservationId = body.reservationId;
        } else if (body.tableId !== undefined) {
          const table = (await deps.tables.tables(trx)).find((t) => t.id === body.tableId && t.active);
          if (!table) throw badRequest('tableId is not a table of the restaurant');
          tableId = table.id;
        }
      }

      const load = await kitchenLoad(trx, now);
      let readyAt: string;
      let scheduled = false;
      if (body.when === 'asap') {
        if (pausedAt(settings, now).paused && !options.fallBackToScheduled) throw conflict(TICKET_MESSAGES.paused);
        const asap = asapPromise(settings, load, units, now);
        const fallback = !asap && options.fallBackToScheduled ? scheduledTimes(settings, load, units, now)[0] : undefined;
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
      const last = await trx.selectFrom('tickets').select((eb) => eb.fn.max('seq').as('seq')).where('local_date', '=', day).executeTakeFirst();
      const seq = Number(last?.seq ?? 0) + 1;
      const cash = body.pay.Method === 'cash';
      const ticket = await trx
        .insertInto('tickets')
        .values({
          local_date: day,
          seq,
          number: `A-${String(seq).padStart(3, '0')}`,
          user_id: caller.id,
          customer_name: caller.name,
          customer_email: caller.email,
          fulfilment: body.fulfilment,
          status: 'received',
          placed_at: now,
          ready_at: readyAt,
          arrive_at: arriveAt,
          scheduled: scheduled ? 1 : 0,
          units,
          subtotal,
          delivery_fee: deliveryFee,
          total,
          payment: cash ? 'due' : 'paid',
          pay_method: body.pay.Method,
          pay_account: 'AccountNumber' in body.pay ? accountLastDigits(body.pay.AccountNumber) : null,
          address: body.address ? JSON.stringify(body.address) : null,
          reservation_id: reservationId,
          table_id: tableId,
          cancel_reason: null,
          started_at: null,
          ready_marked_at: null,
          completed_at: null,
          cancelled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ticket_lines')
        .values(lines.map((l) => ({ ticket_id: ticket.id, order_id: l.id, product_id: l.product_id, name: l.name, quantity: l.quantity, price: Number(l.total_price) })))
        .execute();
      await trx
        .updateTable('orders')
        .set(cash ? { ticket_id: ticket.id } : { ticket_id: ticket.id, payment: PAYMENT_PAID, pay_method: body.pay.Method, pay_account: 'AccountNumber' in body.pay ? accountLastDigits(body.pay.AccountNumber) : null })
        .where('id', 'in', lines.map((l) => l.id))
        .where('ticket_id', 'is', null)
        .execute();
      return ticket.id;
    });
    const ticket = (await views(db, [id]))[0] as Ticket;
    deps.onChange?.(ticket, caller.id);
    return ticket;
  }

  /** A status change by the kitchen's transition table, as one compare-and-set: two cooks pressing at once change it once. */
  async function setStatus(id: number, status: TicketStatus, reason: string | undefined): Promise<Ticket> {
    if (status === 'cancelled' && !reason) throw badRequest(KITCHEN_MESSAGES.reasonRequired);
    const now = nowIso();
    const ownerId = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('tickets').select(['status', 'completed_at', 'payment', 'user_id']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('No such order');
      const from = row.status as TicketStatus;
      if (!canMoveTicket(from, status)) throw conflict(`An order that is ${from} cannot become ${status}`);
      if (from === 'completed' && row.completed_at !== null && Date.parse(row.completed_at) < Date.parse(now) - RECALL_MINUTES * MINUTE) {
        throw conflict(`An order can be recalled only within ${RECALL_MINUTES} minutes of completing it`);
      }
      const times: Partial<Record<'started_at' | 'ready_marked_at' | 'completed_at' | 'cancelled_at', string | null>> = {};
      const column = STATUS_TIMES[status];
      if (column) times[column] = now;
      // A recall undoes the later step: back to preparing it is not ready, back to ready not completed.
      if (from === 'ready' && status === 'preparing') times.ready_marked_at = null;
      if (from === 'completed') times.completed_at = null;
      // Cash is taken when the order is handed over (OPERATIONS.md "Tickets").
      const collect = status === 'completed' && row.payment === 'due';
      const changed = await trx
        .updateTable('tickets')
        .set({ status, ...times, ...(status === 'cancelled' ? { cancel_reason: reason ?? null } : {}), ...(collect ? { payment: PAYMENT_PAID } : {}) })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw conflict('This order changed meanwhile: look again');
      if (collect) await trx.updateTable('orders').set({ payment: PAYMENT_PAID, pay_method: 'cash' }).where('ticket_id', '=', id).execute();
      return row.user_id;
    });
    const ticket = (await views(db, [id]))[0] as Ticket;
    deps.onChange?.(ticket, ownerId);
    return ticket;
  }

  return {
    /** POST /api/v1/kitchen/tickets/{id}/status (staff). */
    setStatus,

    /** GET /api/v1/kitchen/tickets: open tickets and those completed in the last RECALL_MINUTES, by promise. */
    async board(): Promise<KitchenTicket[]> {
      const now = nowIso();
      const since = new Date(Date.parse(now) - RECALL_MINUTES * MINUTE).toISOString();
      const rows = await db
        .selectFrom('tickets')
        .select(['id', 'ready_at'])
        .where((eb) => eb.or([eb('status', 'in', OPEN_TICKET_STATUSES), eb.and([eb('status', '=', 'completed'), eb('completed_at', '>=', since)])]))
        .orderBy('ready_at')
        .orderBy('id')
        .limit(500)
        .execute();
      const byId = new Map((await views(db, rows.map((r) => r.id))).map((t) => [t._id, t]));
      const tickets = rows.map((r) => byId.get(String(r.id)) as Ticket);
      const tableNames = new Map((await deps.tables.tables(db)).map((t) => [t.id, t.name]));
      const reservations = await deps.reservations.byIds(tickets.filter((t) => t.reservationId).map((t) => Number(t.reservationId)));
      return tickets.map((ticket) => {
        const reservation = ticket.reservationId ? reservations.get(Number(ticket.reservationId)) : undefined;
        const tableName = ticket.tableId ? tableNames.get(Number(ticket.tableId)) : undefined;
        // Onto the ticket read for this answer, not `{ ...ticket, late }` (V8's slow path, dish-copy.ts).
        return Object.assign(ticket, {
          late: (ticket.status === 'received' || ticket.status === 'preparing') && now > ticket.readyAt,
          ...(ticket.tableId && tableName ? { table: { _id: ticket.tableId, name: tableName } } : {}),
          ...(reservation ? { reservation: { _id: reservation._id, name: reservation.name, time: reservation.time, partySize: reservation.partySize, tables: reservation.tables.map((t) => t.name) } } : {}),
        });
      });
    },

    /** GET /api/v1/kitchen/all-day: portions still to cook (received or preparing), per dish, most first. */
    async allDay(): Promise<AllDayCount[]> {
      const rows = await db
        .selectFrom('ticket_lines')
        .innerJoin('tickets', 'tickets.id', 'ticket_lines.ticket_id')
        .select(['ticket_lines.product_id', (eb) => eb.fn.max('ticket_lines.name').as('name'), (eb) => eb.fn.sum<number>('ticket_lines.quantity').as('quantity')])
        .where('tickets.status', 'in', ['received', 'preparing'])
        .groupBy('ticket_lines.product_id')
        .execute();
      return rows
        .map((r) => ({ productId: String(r.product_id), name: String(r.name), quantity: Number(r.quantity) }))
        .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
    },

    /** The day's tickets in figures: by status, revenue, minutes to ready, on time, placed per local hour. */
    async dayFigures(date: string, timeZone: string) {
      const rows = await db.selectFrom('tickets').select(['status', 'payment', 'total', 'placed_at', 'ready_at', 'ready_marked_at']).where('local_date', '=', date).execute();
      const ticketsByStatus = { received: 0, preparing: 0, ready: 0, completed: 0, cancelled: 0 } satisfies Record<TicketStatus, number>;
      const perHour = new Array<number>(24).fill(0);
      let revenue = 0;
      const readyMinutes: number[] = [];
      let onTime = 0;
      const hourOf = localHourOn(date, timeZone);
      for (const row of rows) {
        ticketsByStatus[row.status as TicketStatus] += 1;
        const hour = hourOf(row.placed_at);
        perHour[hour] = (perHour[hour] ?? 0) + 1;
        if (row.status === 'cancelled') continue;
        if (row.payment === PAYMENT_PAID) revenue += row.total;
        if (row.ready_marked_at) {
          readyMinutes.push((Date.parse(row.ready_marked_at) - Date.parse(row.placed_at)) / MINUTE);
          if (row.ready_marked_at <= row.ready_at) onTime += 1;
        }
      }
      const average = readyMinutes.length > 0 ? Math.round((readyMinutes.reduce((a, b) => a + b, 0) / readyMinutes.length) * 10) / 10 : null;
      return {
        ticketsByStatus,
        revenue,
        averagePrepMinutes: average,
        onTimePercent: readyMinutes.length > 0 ? Math.round((onTime / readyMinutes.length) * 100) : null,
        ordersPerHour: perHour.map((tickets, hour) => ({ hour, tickets })),
      };
    },

    /** GET /api/v1/checkout/quote: money and the kitchen's forecast for these lines. */
    async quote(caller: Caller, fulfilment: Fulfilment, orderIds: number[]) {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      offered(settings, fulfilment);
      const lines = await linesOf(db, caller.id, orderIds);
      const placed = lines.find((l) => l.ticket_id !== null);
      if (placed) throw conflict(`${placed.name} is already in a placed order`);
      const units = await unitsOf(db, lines);
      const load = await kitchenLoad(db, now);
      return { ...money(lines, fulfilment, settings), asap: asapPromise(settings, load, units, now, fulfilment === 'delivery'), times: scheduledTimes(settings, load, units, now) };
    },

    /** POST /api/v1/checkout */
    checkout: (caller: Caller, body: CheckoutBody) => place(caller, body),

    /**
     * The spec's pay call places a one-line ticket: pick-up as soon as possible unless the body
     * says otherwise, and, when the kitchen cannot promise ASAP now (closed), its next free time.
     */
    payOne: (caller: Caller, body: CheckoutBody) => place(caller, body, { fallBackToScheduled: body.when === 'asap' }),

    /** GET /api/v1/tickets/mine: newest first. */
    async mine(caller: Caller): Promise<Ticket[]> {
      const ids = (await db.selectFrom('tickets').select('id').where('user_id', '=', caller.id).orderBy('id', 'desc').limit(200).execute()).map((r) => r.id);
      return views(db, ids);
    },

    /** GET /api/v1/tickets/{id}: the owner's, or any for staff. */
    async one(caller: Caller, id: number, staff: boolean): Promise<Ticket> {
      const row = await db.selectFrom('tickets').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
      if (!row || (row.user_id !== caller.id && !staff)) throw notFound('No such order');
      return (await views(db, [id]))[0] as Ticket;
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
