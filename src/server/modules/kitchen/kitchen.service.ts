import type { Kysely } from 'kysely';
import { ALLERGENS, type Allergen } from '../../../shared/constants.ts';
import {
  type AllDayCount,
  type KitchenTicket,
  type MoneyBack,
  RECALL_MINUTES,
} from '../../../shared/contract/kitchen.ts';
import type { Ticket, TicketStatus } from '../../../shared/contract/tickets.ts';
import { COOKING_TICKET_STATUSES } from '../../../shared/domain/workflows.ts';
import { copiedName, optionName, optionsCopy } from '../../db/dish-copy.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { decodeCursor, pageFrom, pageSize } from '../../http/paging.ts';
import type { ReservationsService } from '../reservations/reservations.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TablesService } from '../tables/tables.service.ts';
import type { BillsService } from '../bills/bills.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import type { DomainEvents } from '../../events/event-bus.ts';
import type { TicketEvent } from '../../events/domain-events.ts';
import { toKitchenTicket } from './kitchen.mappers.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { BranchId } from '../../db/branch.ts';

/**
 * The kitchen (docs/reference/operations.md "The kitchen board"): the board's cards, the all-day
 * counts, and a tap answered with its card and told to every board. The tickets module owns the
 * tickets: it places them and moves them (ticket-moves.ts); the kitchen reads them through its
 * service. Each branch's kitchen is its own (decision 062): the service is asked at a branch
 * (`kitchen.at(branch)`), whose board, tickets, tables and bookings are that branch's only.
 */

export interface KitchenDeps {
  tickets: TicketsService;
  /** The dishes' allergens, which a card shows per line. */
  catalog: Pick<CatalogService, 'dishFacts'>;
  restaurant: RestaurantService;
  reservations: ReservationsService;
  tables: TablesService;
  /** What a cancel would give back (the bill's preview, docs/reference/ordering.md "The bill"). */
  bills: Pick<BillsService, 'cancelPreview'>;
  now?: () => number;
  /** Where a ticket's move is told once committed (`ticket.moved`, `ticket.recalled`, `ticket.cancelled`). */
  events?: DomainEvents;
}

/** The kitchen's steps in order: a move to an earlier one is a recall. */
const STEPS: readonly TicketStatus[] = ['received', 'preparing', 'ready', 'completed'];

/** The event of a ticket's move from `from`, as it now is. */
function movedEvent(
  ticket: Ticket,
  ownerId: number | null,
  from: TicketStatus,
  reason: string | undefined,
): TicketEvent {
  if (ticket.status === 'cancelled')
    return { type: 'ticket.cancelled', ticket, ownerId, by: 'kitchen', reason: reason ?? '' };
  if (STEPS.indexOf(ticket.status) < STEPS.indexOf(from)) return { type: 'ticket.recalled', ticket, ownerId, from };
  return { type: 'ticket.moved', ticket, ownerId, from };
}

const MINUTE = 60_000;

export function createKitchenService(db: Kysely<AppDatabase>, deps: KitchenDeps) {
  const branches = new Map<BranchId, BranchKitchen>();
  return {
    /** The kitchen of one branch. */
    at(branch: BranchId): BranchKitchen {
      let kitchen = branches.get(branch);
      if (!kitchen) {
        kitchen = createBranchKitchen(db, deps, branch);
        branches.set(branch, kitchen);
      }
      return kitchen;
    },
  };
}

export type KitchenService = ReturnType<typeof createKitchenService>;

function createBranchKitchen(db: Kysely<AppDatabase>, deps: KitchenDeps, branch: BranchId) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();
  const tickets = deps.tickets.at(branch);
  const kitchen = tickets.kitchenReads;

  /** The language of a reader: what their request asked for, else the restaurant's (decision 045). */
  const readerLanguage = async (asked: Language | undefined): Promise<Language> =>
    asked ?? (await deps.restaurant.at(branch).get()).language;

  /**
   * These tickets as the board's cards (each line's allergens from the dish and its chosen values,
   * the table, the reservation), in this order, each line named in `language` by its copy
   * (decision 050), with each line's dish category.
   */
  async function cards(
    ids: number[],
    now: string,
    language: Language,
  ): Promise<{ card: KitchenTicket; categories: string[] }[]> {
    // The lines as the tickets' own read has them (their dish and chosen options): no second read of them.
    const { tickets: views, lines } = await tickets.viewsAndLines(ids, language);
    const dishes = await deps.catalog.dishFacts(
      db,
      lines.map((l) => l.product_id),
    );
    const allergenRows = lines.map((l) => ({
      ticket_id: l.ticket_id,
      options: l.options,
      allergens: dishes.get(l.product_id)?.allergens ?? null,
    }));
    const categories = new Map<number, string[]>();
    const products = new Map<number, (number | null)[]>();
    for (const l of lines) {
      categories.set(l.ticket_id, [...(categories.get(l.ticket_id) ?? []), dishes.get(l.product_id)?.category ?? '']);
      products.set(l.ticket_id, [...(products.get(l.ticket_id) ?? []), l.product_id ?? null]);
    }
    const byId = new Map(views.map((t) => [t._id, t]));
    const shown = ids.map((id) => byId.get(String(id))).filter((t): t is Ticket => t !== undefined);
    const allergens = lineAllergensByTicket(allergenRows);
    // The tables are read only for a card that names one (a table's round).
    const tableNames = new Map(
      shown.some((t) => t.tableId) ? (await deps.tables.at(branch).tables(db)).map((t) => [t.id, t.name]) : [],
    );
    const reservations = await deps.reservations
      .at(branch)
      .byIds(shown.filter((t) => t.reservationId).map((t) => Number(t.reservationId)));
    return shown.map((ticket) => ({
      card: toKitchenTicket(
        ticket,
        allergens.get(Number(ticket._id)) ?? [],
        now,
        ticket.tableId ? tableNames.get(Number(ticket.tableId)) : undefined,
        ticket.reservationId ? reservations.get(Number(ticket.reservationId)) : undefined,
        products.get(Number(ticket._id)),
      ),
      categories: categories.get(Number(ticket._id)) ?? [],
    }));
  }

  return {
    /**
     * POST /api/v1/kitchen/tickets/{id}/status (staff): one compare-and-set, so two cooks pressing
     * at once change it once. `key` (optional): the change is done once however often it is sent;
     * a repeat answers the ticket as it is now, named in the `asked` language or the restaurant's.
     * The answer is the ticket's card built as the board's GET builds it (`cards`), so that the
     * board takes it from the answer and reads no page again (decision 063).
     */
    async setStatus(
      id: number,
      status: TicketStatus,
      reason: string | undefined,
      key?: string,
      asked?: Language,
    ): Promise<KitchenTicket> {
      const settings = await deps.restaurant.at(branch).get();
      const { from, ownerId, afterCommit } = await tickets.move(settings, nowIso(), { id, status, reason, key });
      await afterCommit?.();
      const card = ((await cards([id], nowIso(), asked ?? settings.language))[0] as { card: KitchenTicket }).card;
      // A repeated key moved nothing: no event (the first send told it).
      if (ownerId !== undefined) void deps.events?.emit(movedEvent(card, ownerId, from, reason));
      return card;
    },

    /** GET /api/v1/kitchen/tickets/{id}: one ticket's card, as the board's GET builds it (a live event's ticket the board does not have yet). */
    async card(id: number, asked?: Language): Promise<KitchenTicket> {
      const found = (await cards([id], nowIso(), await readerLanguage(asked)))[0];
      if (!found) throw notFound('noSuchOrder');
      return found.card;
    },

    /** GET /api/v1/kitchen/tickets/{id}/money-back */
    async moneyBack(id: number): Promise<MoneyBack> {
      if (!(await kitchen.statusOf(id))) throw notFound('noSuchOrder');
      return deps.bills.cancelPreview(id);
    },

    /** GET /api/v1/kitchen/tickets: open tickets and those completed in the last RECALL_MINUTES, by promise; a page of at most `limit` (500) after `cursor`. */
    async board(
      page: { limit?: number | undefined; cursor?: string | undefined } = {},
      asked?: Language,
    ): Promise<{ tickets: KitchenTicket[]; nextCursor: string | null }> {
      const now = nowIso();
      const since = new Date(Date.parse(now) - RECALL_MINUTES * MINUTE).toISOString();
      const size = pageSize(page.limit);
      const after = decodeCursor(page.cursor, ['s', 'n']);
      const rows = pageFrom(
        await kitchen.boardIds(
          since,
          size + 1,
          after ? { readyAt: after[0] as string, id: after[1] as number } : undefined,
        ),
        size,
        (r) => [r.ready_at, r.id],
      );
      return {
        tickets: (
          await cards(
            rows.rows.map((r) => r.id),
            now,
            await readerLanguage(asked),
          )
        ).map((c) => c.card),
        nextCursor: rows.nextCursor,
      };
    },

    /** These tickets as the board's cards in `language` (the restaurant's, for paper), with each line's dish category (in the card's line order): the printers print and route them. */
    forPrinting: (ids: number[], language: Language) => cards(ids, nowIso(), language),

    /** GET /api/v1/kitchen/all-day: portions still to cook (received or preparing), per dish, most first, named in the `asked` language or the restaurant's. */
    async allDay(asked?: Language): Promise<AllDayCount[]> {
      const [rows, optionLines, language] = await Promise.all([
        kitchen.portions(COOKING_TICKET_STATUSES),
        kitchen.optionLines(COOKING_TICKET_STATUSES),
        readerLanguage(asked),
      ]);
      // Under each dish, its chosen values counted in portions ("Large" × 3), in the order first met.
      const options = new Map<number, Map<string, number>>();
      for (const line of optionLines) {
        const counts = options.get(line.product_id) ?? new Map<string, number>();
        options.set(line.product_id, counts);
        for (const option of optionsCopy(line.options)) {
          const name = optionName(option, language);
          counts.set(name, (counts.get(name) ?? 0) + Number(line.quantity));
        }
      }
      return rows
        .map((r) => {
          const count: AllDayCount = {
            productId: String(r.product_id),
            name: copiedName({ name: String(r.name), name_bn: r.name_bn === null ? '' : String(r.name_bn) }, language),
            quantity: Number(r.quantity),
          };
          const counts = options.get(r.product_id);
          if (counts && counts.size > 0) count.options = [...counts].map(([name, quantity]) => ({ name, quantity }));
          return count;
        })
        .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
    },
  };
}

export type BranchKitchen = ReturnType<typeof createBranchKitchen>;

/** Each ticket's lines' allergens, in line order: the dish's and its chosen values', in ALLERGENS' order. */
function lineAllergensByTicket(
  rows: readonly { ticket_id: number; options: string; allergens: string | null }[],
): Map<number, Allergen[][]> {
  const byTicket = new Map<number, Allergen[][]>();
  for (const row of rows) {
    const found = new Set<string>();
    try {
      const dish: unknown = JSON.parse(row.allergens ?? '[]');
      if (Array.isArray(dish)) for (const name of dish) found.add(String(name));
    } catch {
      // A dish's allergens are written by the menu's schema; a broken one adds nothing.
    }
    for (const option of optionsCopy(row.options)) for (const name of option.allergens ?? []) found.add(name);
    const list = byTicket.get(row.ticket_id) ?? [];
    list.push(ALLERGENS.filter((name) => found.has(name)));
    byTicket.set(row.ticket_id, list);
  }
  return byTicket;
}
