import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PAYMENT_PAID, roleAtLeast } from '../../../shared/constants.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import { type CheckoutBody, type Fulfilment, type Ticket } from '../../../shared/contract/tickets.ts';
import { type StaffOrderBody } from '../../../shared/contract/staff-orders.ts';
import { arrivalOf } from '../../../shared/domain/capacity.ts';
import {
  type BillingSettingsLike,
  type OrderMoney,
  orderMoney,
  underDeliveryMinimum,
} from '../../../shared/domain/billing.ts';
import { localToday, wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { DINE_IN_RESERVATION_STATUSES } from '../../../shared/domain/workflows.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Caller } from '../auth/auth.service.ts';
import { accountLastDigits } from '../orders/orders.service.ts';
import type { OrderedLineDish } from '../catalog/catalog.service.ts';
import type { KitchenCapacity, PricedLine } from './capacity.ts';
import { RoomTaken, retryWhenRoomTaken } from './kitchen-room.ts';
import type { OnlineHold } from './online-checkout.ts';
import type { TicketsDeps } from './tickets.deps.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import { ZERO, asMinor } from '../../../shared/domain/money.ts';

/**
 * Placing a ticket (docs/reference/operations.md "Tickets"): a guest's checkout or an order staff took, in one
 * transaction that holds the kitchen shared and takes its room per bucket (capacity.ts,
 * decision 042; worked out again when a racer filled a bucket first), puts the ticket on its
 * bill and, for an online payment, writes its payment with it.
 */

/** The settings with online ordering running: staff orders are not stopped by a pause (docs/reference/ordering.md "Orders taken by staff"). */
export function unpaused(settings: RestaurantSettings): RestaurantSettings {
  return settings.kitchen.acceptingOrders
    ? settings
    : { ...settings, kitchen: { ...settings.kitchen, acceptingOrders: true, pausedUntil: null } };
}

/**
 * What a staff order asked for, as a hash kept with its key: who sent it and the order as
 * validated (the key aside; a line's options in any order are the same choice). A repeat of the
 * key with the same hash is the same order; with another, a reused key.
 */
export function staffOrderHash(callerId: number, body: StaffOrderBody): string {
  const { key: _key, ...order } = body;
  const canonical = {
    by: callerId,
    ...order,
    when: order.when === 'asap' ? 'asap' : new Date(order.when).toISOString(),
    lines: order.lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      options: l.options ? [...l.options].sort((a, b) => a - b) : null,
      note: l.note ?? '',
    })),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

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
    deliveryFee: fulfilment === 'delivery' ? toMinorUnits(settings.fulfilment.deliveryFee) : ZERO,
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

export function createPlacing(
  db: Kysely<AppDatabase>,
  deps: TicketsDeps,
  capacity: KitchenCapacity,
  views: (executor: Kysely<AppDatabase>, ids: number[], language?: Language, billsRead?: boolean) => Promise<Ticket[]>,
) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();

  /**
   * What a ticket is placed from: a guest's checkout (their booking orders, paid as they chose)
   * or an order taken by staff (lines priced from the catalogue with their options, paid later
   * on the bill, under the order's idempotency key). Both go through `place`.
   */
  type Placing =
    | { source: 'online'; body: CheckoutBody; fallBackToScheduled: boolean; onlineHold?: OnlineHold }
    | { source: 'staff'; body: StaffOrderBody; bodyHash: string };

  /** A line as the ticket copies it. */
  type LineToPlace = {
    order_id: number | null;
    product_id: number;
    name: string;
    name_bn: string;
    category: string;
    quantity: number;
    total_price: number;
    options: string;
    note: string | null;
  };

  /**
   * Staff's lines at the catalogue's price with their options, validated as the order call
   * validates them, and the units they weigh: one read of their dishes (three statements).
   */
  async function staffLines(
    trx: Kysely<AppDatabase>,
    body: Pick<StaffOrderBody, 'lines'>,
  ): Promise<{ lines: LineToPlace[]; units: number }> {
    const dishes = await deps.catalog.orderedDishes(
      body.lines.map((line) => ({ id: line.productId, source: { chosen: line.options } })),
      trx,
    );
    const lines = body.lines.map((line, i): LineToPlace => {
      const dish = dishes[i] as OrderedLineDish;
      return {
        order_id: null,
        product_id: dish.id,
        name: dish.name,
        name_bn: dish.name_bn,
        category: dish.category,
        quantity: line.quantity,
        total_price: dish.unitCents * line.quantity,
        options: JSON.stringify(dish.options),
        note: line.note ? line.note : null,
      };
    });
    // Each dish and chosen value was found orderable by that read: the kitchen weighs them as read.
    const kitchen = new Map(
      dishes.map((dish) => [
        dish.id,
        {
          name: dish.name,
          name_bn: dish.name_bn,
          removed: false,
          available: true,
          prepUnits: dish.prepUnits,
          category: dish.category,
          soldOutValues: new Set<string>(),
        },
      ]),
    );
    return { lines, units: capacity.unitsFrom(lines, kitchen) };
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
    if (provider && !(placing.source === 'online' && placing.onlineHold))
      throw badRequest('onlinePaymentTakenThroughPayments');
    // A pause of online ordering does not stop staff: their promise comes from the same model, unpaused.
    const settings = online ? await deps.restaurant.get() : unpaused(await deps.restaurant.get());
    const now = nowIso();
    offered(settings, body.fulfilment);
    if (body.fulfilment === 'delivery' && !body.address) throw badRequest('addressRequired');
    if (body.fulfilment === 'dine_in') {
      if (placing.source === 'online' && placing.body.reservationId === undefined && body.tableId === undefined)
        throw badRequest('dineOrderNeedsYourReservation');
      if (placing.source === 'staff' && body.tableId === undefined) throw badRequest('dineOrderNeedsTableTableId');
    } else if (placing.source === 'staff' && placing.body.customer.name === undefined) throw badRequest('customerName');
    await capacity.ready(settings);
    const again = () => capacity.readyAgain(settings);
    const placed = await retryWhenRoomTaken(
      () =>
        db.transaction().execute(async (trx): Promise<{ id: number; created: boolean; billOpened?: boolean }> => {
          await capacity.enterKitchen(trx, online ? caller.id : undefined);
          const tickets = createTicketsRepository(trx);
          if (placing.source === 'staff' && !(await tickets.claimKey(placing.body.key, placing.bodyHash, now))) {
            return { id: await keyedTicket(trx, placing.body.key, placing.bodyHash), created: false };
          }
          let taken: { lines: LineToPlace[]; units: number };
          if (placing.source === 'online') {
            const orders = await deps.orders.linesToPlace(caller.id, placing.body.orderIds, trx);
            const already = orders.find((l) => l.ticket_id !== null);
            if (already)
              throw already.payment === PAYMENT_PAID
                ? conflict('orderHasAlreadyBeenPaid')
                : conflict('alreadyPlaced', { name: already });
            taken = await capacity.weigh(
              trx,
              orders.map((l) => ({
                order_id: l.id,
                product_id: l.product_id,
                name: l.name,
                name_bn: l.name_bn,
                quantity: l.quantity,
                total_price: Number(l.total_price),
                options: l.options,
                note: null,
              })),
            );
          } else taken = await staffLines(trx, placing.body);
          const { lines, units } = taken;
          if (
            placing.source === 'online' &&
            pay &&
            'Method' in pay &&
            pay.Method === 'cash' &&
            !roleAtLeast(caller.role, 'staff')
          )
            await capacity.unpaidAllowed(trx, settings, caller.id, units);
          // The subtotal is the lines' whatever the rules: the delivery minimum is checked on it now.
          const subtotal = money(lines, body.fulfilment, settings).subtotal;
          if (underDeliveryMinimum(body.fulfilment, subtotal, toMinorUnits(settings.fulfilment.deliveryMinimum))) {
            throw badRequest('deliveryMinimum', {
              minimum: formatMoney(settings.fulfilment.deliveryMinimum, settings.currency),
              subtotal: formatMoney(fromMinorUnits(subtotal), settings.currency),
            });
          }
          let reservation: { id: number; partySize: number } | null = null;
          let tableId: number | null = null;
          let tableName = '';
          if (body.fulfilment === 'dine_in') {
            if (placing.source === 'online' && placing.body.reservationId !== undefined) {
              const own = await deps.reservations.ownForDineIn(caller.id, placing.body.reservationId, trx);
              if (!own) throw notFound('noSuchReservationOfYours');
              if (own.date !== localToday(now, settings.timeZone)) throw badRequest('dineInReservation');
              if (!DINE_IN_RESERVATION_STATUSES.includes(own.status))
                throw conflict('reservation', { v0: own.status.replace('_', '-') });
              reservation = { id: placing.body.reservationId, partySize: own.partySize };
            } else if (body.tableId !== undefined) {
              const table = (await deps.tables.tables(trx)).find((t) => t.id === body.tableId && t.active);
              if (!table) throw badRequest('tableidNotTableRestaurant');
              tableId = table.id;
              tableName = table.name;
              // A round for the table of a seated party joins that party's bill, where its deposit is.
              reservation = (await deps.reservations.seatedAt(table.id, trx)) ?? null;
            }
          }

          const fallBackToScheduled = placing.source === 'online' && placing.fallBackToScheduled;
          const { readyAt, scheduled, load } = await capacity.promise(trx, settings, {
            when: body.when,
            units,
            now,
            fallBackToScheduled,
          });
          const arriveAt = body.fulfilment === 'delivery' ? arrivalOf(settings, readyAt) : null;

          const day = wallClockOf(now, settings.timeZone).date;
          // A staff order is paid on its bill later: due, with no method yet. An online payment is due until its provider says otherwise.
          const cash = placing.source === 'staff' || (pay !== null && 'Method' in pay && pay.Method === 'cash');
          const account = pay && 'AccountNumber' in pay ? accountLastDigits(pay.AccountNumber) : null;
          const method = pay === null ? null : 'Method' in pay ? pay.Method : pay.provider;
          // Every ticket on its bill, in this transaction (bills.service, decision 029): the bill found
          // or opened first, the ticket written onto it. A staff order's money and an online payment's
          // are taken on the bill when they come.
          const paidWith = cash || provider || method === null ? null : method;
          // Priced under its bill's rules once the bill is known: a table's bill paid in part keeps the rules of its first payment.
          let priced: OrderMoney | undefined;
          const { ticketId, billId, opened } = await deps.bills.attachTicket(
            trx,
            settings,
            { fulfilment: body.fulfilment, tableId, reservation, paidWith, userId: caller.id },
            (billId, rules) => {
              const billed = money(lines, body.fulfilment, settings, rules);
              priced = billed;
              return tickets.insert(
                {
                  bill_id: billId,
                  local_date: day,
                  // Numbered by the last statement (capacity.number, decision 046).
                  seq: capacity.provisionalSeq(),
                  number: '',
                  user_id: online ? caller.id : null,
                  customer_name:
                    placing.source === 'online' ? caller.name : (placing.body.customer.name ?? `Table ${tableName}`),
                  customer_email: online ? caller.email : '',
                  fulfilment: body.fulfilment,
                  status: provider ? 'awaiting_payment' : 'received',
                  placed_at: now,
                  ready_at: readyAt,
                  arrive_at: arriveAt,
                  scheduled: scheduled ? 1 : 0,
                  units,
                  subtotal: billed.subtotal,
                  delivery_fee: billed.deliveryFee,
                  service_charge: billed.serviceCharge,
                  tax: billed.taxes.reduce((sum, t) => sum + t.amount, 0),
                  taxes: JSON.stringify(billed.taxes),
                  tax_inclusive: billed.taxInclusive ? 1 : 0,
                  total: billed.total,
                  payment: cash || provider ? 'due' : 'paid',
                  pay_method: method,
                  pay_account: account,
                  address: body.address ? JSON.stringify(body.address) : null,
                  reservation_id: reservation === null || tableId !== null ? null : reservation.id,
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
          if (placing.source === 'online') {
            await deps.orders.markPlaced(
              ticketId,
              lines.map((l) => l.order_id as number),
              paidWith === null ? null : { method: paidWith, account },
              trx,
            );
            // The payment is written with the ticket: both are there or neither is.
            if (provider) await placing.onlineHold?.hold(trx, ticketId, (priced as OrderMoney).total, billId);
          } else await tickets.keyPlaced(placing.body.key, ticketId);
          // The room, then the numbers, last: a bucket's row and the day's counter are held only to the commit (kitchen-room.ts).
          if (!(await capacity.takeAndNumber(trx, settings, load, { readyAt, units, day, ticketId, bill: opened })))
            throw new RoomTaken();
          return { id: ticketId, created: true, billOpened: opened !== null };
        }),
      again,
      () => conflict('timeTaken'),
    );
    // Answered in the caller's language (the event's listeners read no names). A bill this placing
    // opened holds this ticket alone, as placed: its money is the ticket's (`money` above is the
    // bill's own computation, decision 036), so it is not read again.
    const ticket = (
      await views(db, [placed.id], caller.language ?? settings.language, !placed.billOpened)
    )[0] as Ticket;
    // A ticket awaiting its payment is not news for the kitchen yet: it is told once paid.
    if (placed.created && !provider)
      void deps.events?.emit({ type: 'ticket.reached-board', ticket, ownerId: online ? caller.id : null });
    return { ticket, created: placed.created };
  }

  /** The ticket a used key placed; 409 when it was used for another order. */
  async function keyedTicket(executor: Kysely<AppDatabase>, key: string, bodyHash: string): Promise<number> {
    const used = await createTicketsRepository(executor).keyOf(key);
    if (!used || used.ticket_id === null) throw conflict('orderWasAlreadySentKitchen');
    if (used.body_hash !== bodyHash) throw conflict('keyWasUsedAnotherOrder');
    return used.ticket_id;
  }

  return { place, keyedTicket, staffLines };
}
