import type { AllDayCount, KitchenTicket } from '@shared/contract/kitchen.ts';
import type { TicketEvent } from '@shared/contract/events.ts';
import { isCookingTicket } from '@shared/domain/workflows.ts';

/**
 * The board as the device keeps it, changed in place by a move (decision 063): a tap's answer
 * or a live event puts its card where the board's GET would have it, and "All day" is counted
 * again from the card's lines as it enters or leaves the cooking statuses, so that no page is
 * read again. Pure functions: the hooks in kitchen.ts apply them to the query cache.
 */

/** Where the server's board has a card: by promised time, then by id (GET /api/v1/kitchen/tickets). */
function before(a: KitchenTicket, b: KitchenTicket): boolean {
  return a.readyAt < b.readyAt || (a.readyAt === b.readyAt && Number(a._id) < Number(b._id));
}

/** The board with `card` as it now is: replaced, put in its place, or gone once cancelled (the board shows no cancelled ticket). */
export function boardWith(board: readonly KitchenTicket[], card: KitchenTicket): KitchenTicket[] {
  const rest = board.filter((ticket) => ticket._id !== card._id);
  if (card.status === 'cancelled' || card.status === 'awaiting_payment') return rest;
  const at = rest.findIndex((ticket) => before(card, ticket));
  return at === -1 ? [...rest, card] : [...rest.slice(0, at), card, ...rest.slice(at)];
}

/**
 * The card as a ticket event tells it (another device's move), when the event says all a move
 * changes on a card (its status, payment and completed time, its promise unchanged); undefined
 * when it does not (then the card is read alone).
 */
export function cardFromEvent(card: KitchenTicket, event: TicketEvent, now: number): KitchenTicket | undefined {
  if (event.payment === undefined || event.readyAt !== card.readyAt) return undefined;
  const { completedAt: _completedAt, ...rest } = card;
  return {
    ...rest,
    status: event.status,
    payment: event.payment,
    late: isCookingTicket(event.status) && now > Date.parse(card.readyAt),
    ...(event.completedAt ? { completedAt: event.completedAt } : {}),
  };
}

/** Whether the card already is as the event tells (the device's own tap, whose answer came first). */
export function alreadyAsTold(card: KitchenTicket, event: TicketEvent): boolean {
  return (
    card.status === event.status &&
    card.readyAt === event.readyAt &&
    (event.payment === undefined || (card.payment === event.payment && card.completedAt === event.completedAt))
  );
}

/**
 * "All day" after a card moved from `was` to `now` (either absent: not on the board): its lines
 * added while it cooks (received, preparing) and taken away once it does not, per dish and
 * chosen value, in the server's order (most first, then by name). Null when a line names no dish
 * (the counts are read again then).
 */
export function allDayAfter(
  counts: readonly AllDayCount[],
  was: KitchenTicket | undefined,
  now: KitchenTicket | undefined,
): AllDayCount[] | null {
  const cooking = (card: KitchenTicket | undefined) => (card && isCookingTicket(card.status) ? card.lines : []);
  // A move changes no line: between two cooking statuses (Start), or two that are not, nothing to count.
  if (was && now && isCookingTicket(was.status) === isCookingTicket(now.status)) return counts as AllDayCount[];
  const taken = cooking(was);
  const added = cooking(now);
  if (taken.length === 0 && added.length === 0) return counts as AllDayCount[];
  const next = counts.map((count) => ({
    ...count,
    ...(count.options ? { options: count.options.map((option) => ({ ...option })) } : {}),
  }));
  for (const [lines, sign] of [
    [taken, -1],
    [added, 1],
  ] as const) {
    for (const line of lines) {
      if (line.productId === undefined) return null;
      let count = next.find((c) => c.productId === line.productId);
      if (!count) {
        if (sign < 0) return null;
        count = { productId: line.productId, name: line.name, quantity: 0 };
        next.push(count);
      }
      count.quantity += sign * line.quantity;
      for (const chosen of line.options ?? []) {
        let option = count.options?.find((o) => o.name === chosen.name);
        if (!option) {
          if (sign < 0) return null;
          option = { name: chosen.name, quantity: 0 };
          count.options = [...(count.options ?? []), option];
        }
        option.quantity += sign * line.quantity;
      }
    }
  }
  return next
    .filter((count) => count.quantity > 0)
    .map((count) => {
      const options = count.options?.filter((option) => option.quantity > 0);
      const { options: _options, ...rest } = count;
      return options && options.length > 0 ? { ...rest, options } : rest;
    })
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}
