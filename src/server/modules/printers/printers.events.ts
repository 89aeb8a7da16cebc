import type { DomainEvents } from '../../events/event-bus.ts';
import type { PrintEvent, PrintersService } from './printers.service.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';

/**
 * What a ticket's change prints, from the ticket as told once committed and the status it left
 * (`ticket.recalled` tells it): back a step (ready → preparing, completed → ready) a recall
 * slip; back on the board as received, its order (made once per printer: nothing new); cancelled a cancel slip.
 */
export function printEventOfTicket(ticket: { _id: string; status: string }, from?: string): PrintEvent | undefined {
  const ticketId = Number(ticket._id);
  if (ticket.status === 'received') return { type: 'ticket-on-board', ticketId };
  if (ticket.status === 'cancelled') return { type: 'ticket-cancelled', ticketId };
  if ((from === 'ready' && ticket.status === 'preparing') || (from === 'completed' && ticket.status === 'ready'))
    return { type: 'ticket-recalled', ticketId };
  return undefined;
}

/**
 * The printers' one hook (decisions 041 and 043): the domain events that print make their jobs
 * through `printers.jobsFor`, once committed. A ticket on the board, recalled or cancelled
 * prints at the kitchen's printers; a paid bill its receipt. A job that could not be queued is
 * logged; the change it follows stands.
 */
export function printOnEvents(
  events: DomainEvents,
  printers: Pick<PrintersService, 'at'>,
  warn: (details: object, message: string) => void,
): void {
  const print = async (event: PrintEvent | undefined, branch: BranchId) => {
    if (!event) return;
    try {
      await printers.at(branch).jobsFor(event);
    } catch (error) {
      warn({ err: error, event }, 'could not queue a print job');
    }
  };
  // A ticket prints at its own branch's printers.
  const at = (ticket: { branchId: string }) => asBranchId(Number(ticket.branchId));
  events.on('ticket.reached-board', ({ ticket }) =>
    print({ type: 'ticket-on-board', ticketId: Number(ticket._id) }, at(ticket)),
  );
  events.on('ticket.recalled', ({ ticket, from }) => print(printEventOfTicket(ticket, from), at(ticket)));
  events.on('ticket.cancelled', ({ ticket }) =>
    print({ type: 'ticket-cancelled', ticketId: Number(ticket._id) }, at(ticket)),
  );
  // A paid bill's receipt prints at its own branch's receipt printer.
  events.on('bill.paid', ({ billId, branchId }) => print({ type: 'bill-paid', billId }, branchId));
}
