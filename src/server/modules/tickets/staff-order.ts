import type { BranchId } from '../../db/branch.ts';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Ticket } from '../../../shared/contract/tickets.ts';
import type { StaffOrderBody } from '../../../shared/contract/staff-orders.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { OrderedLineDish } from '../catalog/catalog.service.ts';
import type { KitchenCapacity } from './capacity.ts';
import {
  type LineToPlace,
  type LinesToPlace,
  type Seat,
  type TicketWrite,
  checkDeliveryMinimum,
  offered,
} from './placing.ts';
import type { TicketsDeps } from './tickets.deps.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import { timesMinor } from '../../../shared/domain/money.ts';

/**
 * An order staff took (docs/reference/ordering.md "Orders taken by staff"): lines priced from
 * the catalogue with their options, paid later on the bill, placed once under its idempotency
 * key, through the ticket's one write (placing.ts). A pause of online ordering does not stop it.
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

export function createStaffOrder(
  deps: TicketsDeps,
  capacity: KitchenCapacity,
  ticket: TicketWrite,
  nowIso: () => string,
  branch: BranchId,
) {
  /**
   * Staff's lines at the catalogue's price with their options, validated as the order call
   * validates them, and the units they weigh: one read of their dishes (three statements).
   */
  async function staffLines(trx: Kysely<AppDatabase>, body: Pick<StaffOrderBody, 'lines'>): Promise<LinesToPlace> {
    const dishes = await deps.catalog.orderedDishes(
      trx,
      body.lines.map((line) => ({ id: line.productId, source: { chosen: line.options } })),
      branch,
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
        total_price: timesMinor(dish.unitCents, line.quantity),
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

  /** The ticket a used key placed; 409 when it was used for another order. */
  async function keyedTicket(executor: Kysely<AppDatabase>, key: string, bodyHash: string): Promise<number> {
    const used = await createTicketsRepository(executor, ticket.branch).keyOf(key);
    if (!used || used.ticket_id === null) throw conflict('orderWasAlreadySentKitchen');
    if (used.body_hash !== bodyHash) throw conflict('keyWasUsedAnotherOrder');
    return used.ticket_id;
  }

  /**
   * Places the staff's order and answers it; `created` false when its key had already placed it
   * (its ticket). The order claims its key first thing in the transaction: the key is the primary
   * key of ticket_keys, so only one transaction can ever hold it, and a refusal undoes the claim.
   */
  async function place(
    caller: Caller,
    body: StaffOrderBody,
    bodyHash: string,
  ): Promise<{ ticket: Ticket; created: boolean }> {
    const settings = unpaused(await deps.restaurant.at(branch).get());
    const now = nowIso();
    offered(settings, body.fulfilment);
    if (body.fulfilment === 'delivery' && !body.address) throw badRequest('addressRequired');
    if (body.fulfilment === 'dine_in') {
      if (body.tableId === undefined) throw badRequest('dineOrderNeedsTableTableId');
    } else if (body.customer.name === undefined) throw badRequest('customerName');
    const placed = await ticket.inKitchen(settings, undefined, async (trx) => {
      const tickets = createTicketsRepository(trx, ticket.branch);
      if (!(await tickets.claimKey(body.key, bodyHash, now)))
        return { id: await keyedTicket(trx, body.key, bodyHash), created: false };
      const taken = await staffLines(trx, body);
      checkDeliveryMinimum(settings, body.fulfilment, taken.lines);
      const seat: Seat =
        body.fulfilment === 'dine_in' && body.tableId !== undefined
          ? await ticket.tableSeat(trx, body.tableId)
          : { table: null, reservation: null };
      const written = await ticket.write(
        trx,
        settings,
        now,
        {
          source: 'staff',
          caller,
          fulfilment: body.fulfilment,
          when: body.when,
          address: body.address,
          fallBackToScheduled: false,
          taken,
          seat,
          customer: {
            name: body.customer.name ?? `Table ${seat.table?.name ?? ''}`,
            email: '',
            phone: body.customer.phone ?? null,
          },
          // Paid on its bill later: due, with no method yet.
          awaitingPayment: false,
          payment: 'due',
          method: null,
          account: null,
          paidWith: null,
        },
        ({ ticketId }) => tickets.keyPlaced(body.key, ticketId),
      );
      return { id: written.ticketId, created: true, billOpened: written.opened };
    });
    const answered = await ticket.answer(caller, settings, placed, placed.created ? { ownerId: null } : null);
    return { ticket: answered, created: placed.created };
  }

  return { place, keyedTicket, staffLines };
}
