import type { Ticket } from '../../shared/contract/tickets.ts';
import type { EventPublisher } from '../modules/events/publisher.ts';
import type { DomainEvents } from './event-bus.ts';

/**
 * The screens' live events (decision 012) and the mail outbox's kick, from the domain events:
 * a ticket's every move, a paid bill's tickets (read again: they are paid now), a bill whose
 * money changed (the Floor; staff only), a reservation's change; each with its branch, whose
 * staff alone hear it (its guest hears their own wherever it is).
 */
export function subscribeLiveEvents(
  events: DomainEvents,
  publisher: EventPublisher,
  deps: { tickets: { views(ids: number[]): Promise<Ticket[]> }; outbox: { kick(): Promise<unknown> } },
): void {
  const publishTicket = (ticket: Ticket, ownerId: number | null) =>
    publisher.publish({
      event: {
        type: 'ticket',
        _id: ticket._id,
        status: ticket.status,
        number: ticket.number,
        fulfilment: ticket.fulfilment,
        readyAt: ticket.readyAt,
        payment: ticket.payment,
        ...(ticket.completedAt ? { completedAt: ticket.completedAt } : {}),
        ...(ticket.billId ? { billId: ticket.billId } : {}),
      },
      ownerId,
      branchId: Number(ticket.branchId),
    });
  for (const type of ['ticket.reached-board', 'ticket.moved', 'ticket.recalled', 'ticket.cancelled'] as const)
    events.on(type, (event) => publishTicket(event.ticket, event.ownerId));
  events.on('bill.paid', async (paid) => {
    const owners = new Map(paid.tickets.map((t) => [String(t.id), t.userId]));
    for (const ticket of await deps.tickets.views(paid.tickets.map((t) => t.id)))
      publishTicket(ticket, owners.get(ticket._id) ?? null);
  });
  events.on('bill.changed', (changed) =>
    publisher.publish({
      event: { type: 'bill', _id: String(changed.billId) },
      ownerId: null,
      branchId: changed.branchId,
    }),
  );
  events.on('reservation.changed', ({ reservation, ownerId }) => {
    void deps.outbox.kick();
    publisher.publish({
      event: {
        type: 'reservation',
        _id: reservation._id,
        status: reservation.status,
        date: reservation.date,
        time: reservation.time,
      },
      ownerId,
      branchId: Number(reservation.branchId),
    });
  });
}
