import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { type CheckoutBody, type Fulfilment, type Ticket } from '../../../shared/contract/tickets.ts';
import { arrivalOf } from '../../../shared/domain/capacity.ts';
import {
  type BillingSettingsLike,
  type OrderMoney,
  orderMoney,
  underDeliveryMinimum,
} from '../../../shared/domain/billing.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { formatMinor } from '../../../shared/format-money.ts';
import { settingsMoney } from '../../../shared/domain/settings-money.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { KitchenCapacity, PricedLine } from './capacity.ts';
import { RoomTaken, retryWhenRoomTaken } from './kitchen-room.ts';
import type { TicketsDeps } from './tickets.deps.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import { type Minor, ZERO, asMinor, sumMinor } from '../../../shared/domain/money.ts';
import type { BranchId } from '../../db/branch.ts';

/**
 * Placing a ticket at a branch (docs/reference/operations.md "Tickets"): what a guest's checkout
 * (guest-checkout.ts) and an order staff took (staff-order.ts) share: one transaction that holds
 * the branch's kitchen shared, takes its room per bucket (capacity.ts, decision 042) and puts the
 * ticket on its bill.
 */

/**
 * The lines' money as their bill will charge it, in minor units (the one money module: docs/reference/ordering.md
 * "Money that agrees on every screen"), under `billing`: the settings', or the rules a table's
 * bill kept from its first payment (decision 055).
 */
export function money(
  lines: PricedLine[],
  fulfilment: Fulfilment,
  settings: RestaurantSettings,
  billing: BillingSettingsLike = settings.billing,
): OrderMoney {
  return orderMoney({
    fulfilment,
    lines: lines.map((l) => ({ total: asMinor(l.total_price), category: l.category })),
    deliveryFee: fulfilment === 'delivery' ? settingsMoney(settings).deliveryFee : ZERO,
    billing,
  });
}

/** 409 when this way of getting the food is not offered now. */
export function offered(settings: RestaurantSettings, fulfilment: Fulfilment): void {
  const on = {
    pickup: settings.fulfilment.pickup,
    delivery: settings.fulfilment.delivery,
    dine_in: settings.fulfilment.dineIn,
  }[fulfilment];
  if (!on)
    throw conflict('notOfferedRightNow', {
      v0: fulfilment === 'dine_in' ? 'Dine-in' : fulfilment === 'pickup' ? 'Pick-up' : 'Delivery',
    });
}

/** A line as the ticket copies it. */
export type LineToPlace = {
  order_id: number | null;
  product_id: number;
  name: string;
  name_bn: string;
  category: string;
  quantity: number;
  total_price: Minor;
  options: string;
  note: string | null;
};

/** The lines a ticket is placed with and the units they weigh in the kitchen. */
export interface LinesToPlace {
  lines: LineToPlace[];
  units: number;
}

/** 400 when a delivery's lines come to less than the minimum: checked on their subtotal, whatever the bill's rules. */
export function checkDeliveryMinimum(settings: RestaurantSettings, fulfilment: Fulfilment, lines: LineToPlace[]): void {
  const [subtotal, minimum] = [money(lines, fulfilment, settings).subtotal, settingsMoney(settings).deliveryMinimum];
  if (underDeliveryMinimum(fulfilment, subtotal, minimum))
    throw badRequest('deliveryMinimum', {
      minimum: formatMinor(minimum, settings.currency),
      subtotal: formatMinor(subtotal, settings.currency),
    });
}

/** Where a dine-in ticket sits: its table (none for a guest's own reservation) and the party whose bill it joins. */
export interface Seat {
  table: { id: number; name: string } | null;
  reservation: { id: number; partySize: number } | null;
}

/** Everything a ticket is written with, worked out by the guest's checkout or the staff's order. */
export interface TicketToWrite {
  source: 'online' | 'staff';
  /** Who placed it: the guest, or the staff member who took the order. */
  caller: Caller;
  fulfilment: Fulfilment;
  when: 'asap' | string;
  address: CheckoutBody['address'];
  /** When ASAP cannot be promised now (closed), the next free time instead of a refusal (the spec's pay call). */
  fallBackToScheduled: boolean;
  taken: LinesToPlace;
  seat: Seat;
  customer: { name: string; email: string; phone: string | null };
  /** Awaiting its online payment (not news for the kitchen yet) or received. */
  awaitingPayment: boolean;
  payment: 'due' | 'paid';
  method: string | null;
  account: string | null;
  /** The bill's payment this ticket was paid with at once (the spec's pay form), else null. */
  paidWith: string | null;
}

/** The ticket written: its id, its bill (and whether this placing opened it) and its money as that bill charges it. */
export interface WrittenTicket {
  ticketId: number;
  billId: number;
  opened: boolean;
  priced: OrderMoney;
}

/** A placing's outcome: the ticket's id, and `created` false when a staff order's key had placed it before. */
export interface Placed {
  id: number;
  created: boolean;
  billOpened?: boolean;
}

/**
 * The one write of a ticket, shared by the guest's checkout (guest-checkout.ts) and the staff's
 * order (staff-order.ts): the transaction that holds the kitchen (worked out again when a racer
 * filled a bucket first), the promise, the bill found or opened and the ticket on it, the
 * source's own writes with it, then the room and the numbers; and the answer read once committed.
 */
export function createTicketWrite(
  db: Kysely<AppDatabase>,
  deps: TicketsDeps,
  capacity: KitchenCapacity,
  views: (executor: Kysely<AppDatabase>, ids: number[], language?: Language, billsRead?: boolean) => Promise<Ticket[]>,
  branch: BranchId,
) {
  /**
   * Runs `work` in a transaction that holds the kitchen, shared (for a guest: as that guest, so
   * their unpaid orders are counted one at a time), again when a racer took the room first; 409
   * "timeTaken" after the last attempt.
   */
  async function inKitchen(
    settings: RestaurantSettings,
    guestId: number | undefined,
    work: (trx: Kysely<AppDatabase>) => Promise<Placed>,
  ): Promise<Placed> {
    await capacity.ready(settings);
    return retryWhenRoomTaken(
      () =>
        db.transaction().execute(async (trx) => {
          await capacity.enterKitchen(trx, guestId);
          return work(trx);
        }),
      () => capacity.readyAgain(settings),
      () => conflict('timeTaken'),
    );
  }

  /** A table's round: the active table, and the party seated there, whose bill (and deposit) it joins. */
  async function tableSeat(trx: Kysely<AppDatabase>, tableId: number): Promise<Seat> {
    const table = (await deps.tables.at(branch).tables(trx)).find((t) => t.id === tableId && t.active);
    if (!table) throw badRequest('tableidNotTableRestaurant');
    return {
      table: { id: table.id, name: table.name },
      reservation: (await deps.reservations.at(branch).seatedAt(trx, table.id)) ?? null,
    };
  }

  /**
   * Writes the ticket (in `inKitchen`'s transaction): promised by the kitchen's model, put on
   * its bill (found or opened first, decision 029) and priced under that bill's rules (a
   * table's bill paid in part keeps the rules of its first payment); `withTicket` writes what
   * the source keeps with it; the room, then the numbers, last: a bucket's row and the day's
   * counter are held only to the commit (kitchen-room.ts).
   */
  async function write(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    now: string,
    order: TicketToWrite,
    withTicket: (written: WrittenTicket) => Promise<void>,
  ): Promise<WrittenTicket> {
    const { lines, units } = order.taken;
    const online = order.source === 'online';
    const { readyAt, scheduled, load } = await capacity.promise(trx, settings, {
      when: order.when,
      units,
      now,
      fallBackToScheduled: order.fallBackToScheduled,
    });
    const arriveAt = order.fulfilment === 'delivery' ? arrivalOf(settings, readyAt) : null;
    const day = wallClockOf(now, settings.timeZone).date;
    const { table, reservation } = order.seat;
    let priced: OrderMoney | undefined;
    const { ticketId, billId, opened } = await deps.bills.attachTicket(
      trx,
      settings,
      {
        branch,
        fulfilment: order.fulfilment,
        tableId: table?.id ?? null,
        reservation,
        paidWith: order.paidWith,
        userId: order.caller.id,
      },
      (billId, rules) => {
        const billed = money(lines, order.fulfilment, settings, rules);
        priced = billed;
        return createTicketsRepository(trx, branch).insert(
          {
            bill_id: billId,
            local_date: day,
            // Numbered by the last statement (capacity.number, decision 046).
            seq: capacity.provisionalSeq(),
            number: '',
            user_id: online ? order.caller.id : null,
            customer_name: order.customer.name,
            customer_email: order.customer.email,
            fulfilment: order.fulfilment,
            status: order.awaitingPayment ? 'awaiting_payment' : 'received',
            placed_at: now,
            ready_at: readyAt,
            arrive_at: arriveAt,
            scheduled: scheduled ? 1 : 0,
            units,
            subtotal: billed.subtotal,
            delivery_fee: billed.deliveryFee,
            service_charge: billed.serviceCharge,
            tax: sumMinor(billed.taxes.map((t) => t.amount)),
            taxes: JSON.stringify(billed.taxes),
            tax_inclusive: billed.taxInclusive ? 1 : 0,
            total: billed.total,
            payment: order.payment,
            pay_method: order.method,
            pay_account: order.account,
            address: order.address ? JSON.stringify(order.address) : null,
            reservation_id: reservation === null || table !== null ? null : reservation.id,
            table_id: table?.id ?? null,
            cancel_reason: null,
            started_at: null,
            ready_marked_at: null,
            completed_at: null,
            cancelled_at: null,
            source: order.source,
            taken_by: online ? null : order.caller.id,
            customer_phone: order.customer.phone,
          },
          lines.map((l) => ({
            order_id: l.order_id,
            product_id: l.product_id,
            name: l.name,
            name_bn: l.name_bn,
            quantity: l.quantity,
            price: l.total_price,
            options: l.options,
            note: l.note,
          })),
        );
      },
    );
    const written = { ticketId, billId, opened: opened !== null, priced: priced as OrderMoney };
    await withTicket(written);
    if (!(await capacity.takeAndNumber(trx, settings, load, { readyAt, units, day, ticketId, bill: opened })))
      throw new RoomTaken();
    return written;
  }

  /**
   * The placed ticket as the caller reads it; a bill this placing opened holds it alone, its money
   * the ticket's (decision 036), so not read again. `tell`: the kitchen is told of it, with its guest.
   */
  async function answer(
    caller: Caller,
    settings: RestaurantSettings,
    placed: Placed,
    tell: { ownerId: number | null } | null,
  ): Promise<Ticket> {
    const ticket = (
      await views(db, [placed.id], caller.language ?? settings.language, !placed.billOpened)
    )[0] as Ticket;
    if (tell) void deps.events?.emit({ type: 'ticket.reached-board', ticket, ownerId: tell.ownerId });
    return ticket;
  }

  return { branch, inKitchen, tableSeat, write, answer };
}

export type TicketWrite = ReturnType<typeof createTicketWrite>;
