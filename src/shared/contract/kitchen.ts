import { z } from 'zod';
import { ALLERGENS } from '../constants.ts';
import { TICKET_STATUSES, ticketSchema } from './tickets.ts';
import { changed, pageOf, pageQuery, requestKey } from './common.ts';
import { said } from '../i18n/said.ts';

/**
 * The kitchen board (docs/reference/operations.md "The kitchen board"), staff only:
 *   GET  /api/v1/kitchen/tickets               → kitchenTicketsResponse
 *   GET  /api/v1/kitchen/tickets/{id}          → kitchenTicketResponse (one card, as the board shows it)
 *   POST /api/v1/kitchen/tickets/{id}/status   kitchenStatusBody → kitchenTicketChangedResponse
 *   GET  /api/v1/kitchen/all-day               → allDayResponse
 */

export { RECALL_MINUTES } from './values.ts';

export const KITCHEN_MESSAGES = {
  reasonRequired: said('cancellingOrderNeedsReason'),
  keyReused: said('keyWasAlreadyUsedAnother4'),
} as const;

/**
 * A board card's line: the ticket's, with its allergens, the dish's and its chosen values'
 * (docs/reference/ordering.md "Dish options"), in the order of ALLERGENS.
 */
const kitchenLineSchema = ticketSchema.shape.lines.element.extend({
  allergens: z.array(z.enum(ALLERGENS)),
  /** The line's dish: the board keeps "All day" counted from its cards as they move (decision 063). */
  productId: z.string().optional(),
});

const kitchenTicketSchema = ticketSchema.extend({
  lines: z.array(kitchenLineSchema),
  late: z.boolean(),
  table: z.object({ _id: z.string(), name: z.string() }).optional(),
  reservation: z
    .object({ _id: z.string(), name: z.string(), time: z.string(), partySize: z.number(), tables: z.array(z.string()) })
    .optional(),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;
/** A page of the board (every open ticket, however many: the board reads every page). */
export const kitchenTicketsResponse = pageOf(kitchenTicketSchema);
export const kitchenTicketsQuery = z.object(pageQuery);
/** GET /api/v1/kitchen/tickets/{id}: one card, as the board shows it (a live event's ticket the board does not have yet). */
export const kitchenTicketResponse = z.object({ data: kitchenTicketSchema });
/**
 * A ticket moved on: `{ success, message, data }` as every ticket change answers, with `data` the
 * card as the board shows it (the ticket, plus the card's fields), so the board takes it from the
 * answer and reads nothing again (decision 063).
 */
export const kitchenTicketChangedResponse = changed(kitchenTicketSchema);

export const kitchenStatusBody = z.object({
  status: z.enum(TICKET_STATUSES, { error: said('statusOne', { v0: TICKET_STATUSES.join(', ') }) }),
  reason: z
    .string({ error: said('reasonText') })
    .trim()
    .max(200, said('reasonMost200Characters'))
    .optional(),
  /** Optional: a change queued offline is sent with its key; a repeat answers the ticket as it is, another body with the key is 409. */
  key: requestKey.optional(),
});
export type KitchenStatusBody = z.infer<typeof kitchenStatusBody>;

/**
 * GET /api/v1/kitchen/tickets/{id}/money-back: what cancelling the ticket would give back of
 * its bill's money, said in the cancel dialog before it is confirmed: `refund` through the
 * provider at once, `giveBack` by staff per method taken at the restaurant.
 */
export const moneyBackResponse = z.object({
  data: z.object({
    billId: z.string().nullable(),
    refund: z.number(),
    giveBack: z.array(z.object({ method: z.string(), amount: z.number() })),
  }),
});
export type MoneyBack = z.infer<typeof moneyBackResponse>['data'];

/** Portions per dish still to cook; under a dish with options, its chosen values counted in portions (docs/reference/ordering.md "Dish options"). */
export const allDayResponse = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      productId: z.string(),
      options: z.array(z.object({ name: z.string(), quantity: z.number() })).optional(),
    }),
  ),
});
export type AllDayCount = z.infer<typeof allDayResponse>['data'][number];
