import type { Kysely } from 'kysely';
import { PAYMENT_PAID, roleAtLeast } from '../../../shared/constants.ts';
import type { CheckoutBody, Ticket } from '../../../shared/contract/tickets.ts';
import { localToday } from '../../../shared/domain/wall-clock.ts';
import { DINE_IN_RESERVATION_STATUSES } from '../../../shared/domain/workflows.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import { accountLastDigits } from '../orders/orders.service.ts';
import type { KitchenCapacity } from './capacity.ts';
import type { OnlineHold } from './online-checkout.ts';
import { type LinesToPlace, type Seat, type TicketWrite, checkDeliveryMinimum, offered } from './placing.ts';
import type { TicketsDeps } from './tickets.deps.ts';
import { asMinor } from '../../../shared/domain/money.ts';

/**
 * A guest's checkout (docs/reference/operations.md "Tickets"): their booking orders placed as
 * one ticket, paid as they chose (the spec's form, cash, or a provider's page, whose payment is
 * written with the ticket), through the ticket's one write (placing.ts).
 */

/** What a guest's checkout places: their orders, and with a provider the payment held with the ticket. */
export interface GuestPlacing {
  body: CheckoutBody;
  /** The spec's pay call: when ASAP cannot be promised now, the next free time. */
  fallBackToScheduled: boolean;
  onlineHold?: OnlineHold;
}

export function createGuestCheckout(
  deps: TicketsDeps,
  capacity: KitchenCapacity,
  ticket: TicketWrite,
  nowIso: () => string,
) {
  /** The guest's orders as lines, each not placed before, and the units they weigh. */
  async function ordersToPlace(trx: Kysely<AppDatabase>, caller: Caller, body: CheckoutBody): Promise<LinesToPlace> {
    const orders = await deps.orders.linesToPlace(trx, caller.id, body.orderIds, ticket.branch);
    const already = orders.find((l) => l.ticket_id !== null);
    if (already)
      throw already.payment === PAYMENT_PAID
        ? conflict('orderHasAlreadyBeenPaid')
        : conflict('alreadyPlaced', { name: already });
    return capacity.weigh(
      trx,
      orders.map((l) => ({
        order_id: l.id,
        product_id: l.product_id,
        name: l.name,
        name_bn: l.name_bn,
        quantity: l.quantity,
        total_price: asMinor(l.total_price),
        options: l.options,
        note: null,
      })),
    );
  }

  /** A dine-in checkout's seat: the guest's own reservation of today, in a state that eats in, or a table's round. */
  async function seatOf(trx: Kysely<AppDatabase>, caller: Caller, body: CheckoutBody, now: string, timeZone: string) {
    if (body.fulfilment !== 'dine_in') return { table: null, reservation: null } satisfies Seat;
    if (body.reservationId !== undefined) {
      const own = await deps.reservations.at(ticket.branch).ownForDineIn(trx, caller.id, body.reservationId);
      if (!own) throw notFound('noSuchReservationOfYours');
      if (own.date !== localToday(now, timeZone)) throw badRequest('dineInReservation');
      if (!DINE_IN_RESERVATION_STATUSES.includes(own.status))
        throw conflict('reservation', { v0: own.status.replace('_', '-') });
      return { table: null, reservation: { id: body.reservationId, partySize: own.partySize } } satisfies Seat;
    }
    return body.tableId !== undefined ? ticket.tableSeat(trx, body.tableId) : { table: null, reservation: null };
  }

  /** Places the guest's ticket and answers it; a ticket awaiting its online payment is not news for the kitchen yet. */
  async function checkout(caller: Caller, placing: GuestPlacing): Promise<Ticket> {
    const { body } = placing;
    const pay = body.pay;
    const provider = 'provider' in pay ? pay.provider : undefined;
    if (provider && !placing.onlineHold) throw badRequest('onlinePaymentTakenThroughPayments');
    const settings = await deps.restaurant.at(ticket.branch).get();
    const now = nowIso();
    offered(settings, body.fulfilment);
    if (body.fulfilment === 'delivery' && !body.address) throw badRequest('addressRequired');
    if (body.fulfilment === 'dine_in' && body.reservationId === undefined && body.tableId === undefined)
      throw badRequest('dineOrderNeedsYourReservation');
    const cash = 'Method' in pay && pay.Method === 'cash';
    const account = 'AccountNumber' in pay ? accountLastDigits(pay.AccountNumber) : null;
    const method = 'Method' in pay ? pay.Method : pay.provider;
    const placed = await ticket.inKitchen(settings, caller.id, async (trx) => {
      const taken = await ordersToPlace(trx, caller, body);
      if (cash && !roleAtLeast(caller.role, 'staff'))
        await capacity.unpaidAllowed(trx, settings, caller.id, taken.units);
      checkDeliveryMinimum(settings, body.fulfilment, taken.lines);
      const seat = await seatOf(trx, caller, body, now, settings.timeZone);
      // Paid with the spec's form at once; cash and an online payment are taken on the bill when they come.
      const paidWith = cash || provider ? null : method;
      const written = await ticket.write(
        trx,
        settings,
        now,
        {
          source: 'online',
          caller,
          fulfilment: body.fulfilment,
          when: body.when,
          address: body.address,
          fallBackToScheduled: placing.fallBackToScheduled,
          taken,
          seat,
          customer: { name: caller.name, email: caller.email, phone: null },
          awaitingPayment: provider !== undefined,
          payment: cash || provider ? 'due' : 'paid',
          method,
          account,
          paidWith,
        },
        async ({ ticketId, billId, priced }) => {
          await deps.orders.markPlaced(
            trx,
            ticketId,
            taken.lines.map((l) => l.order_id as number),
            paidWith === null ? null : { method: paidWith, account },
          );
          // The payment is written with the ticket: both are there or neither is.
          if (provider) await placing.onlineHold?.hold(trx, ticketId, priced.total, billId);
        },
      );
      return { id: written.ticketId, created: true, billOpened: written.opened };
    });
    return ticket.answer(caller, settings, placed, provider ? null : { ownerId: caller.id });
  }

  return { checkout };
}
