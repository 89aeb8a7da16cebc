import type { Kysely } from 'kysely';
import type { Ticket } from '../../../shared/contract/tickets.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Caller } from '../auth/auth.service.ts';
import { createOnlineCheckout } from './online-checkout.ts';
import type { TicketsDeps } from './tickets.deps.ts';
import { decodeCursor, pageFrom, pageSize } from '../../http/paging.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';
import { guestTickets } from './guest-tickets.ts';
import { type BranchTickets, createBranchTickets } from './branch-tickets.ts';

export type { StatusTimes } from './board.repository.ts';
export type { TicketsDeps } from './tickets.deps.ts';

/**
 * Tickets (docs/reference/operations.md "Tickets"; "One kitchen, one capacity"): checkout, quote and placing.
 * A quote is a forecast from the pure capacity model; a checkout runs the same model again
 * inside its write transaction, which holds the kitchen (an advisory lock on PostgreSQL, the
 * write lock on SQLite) from its first read to its commit, so two checkouts racing for the last
 * room in a bucket cannot both have it: the second sees the first's ticket and is promised
 * later (ASAP) or refused (a scheduled time). A refused checkout places and charges nothing.
 * The kitchen (board, all-day, status changes) and the dashboard reach tickets through this
 * service.
 */

export function createTicketsService(db: Kysely<AppDatabase>, engine: Engine, deps: TicketsDeps) {
  const guests = guestTickets(db);
  const branches = new Map<BranchId, BranchTickets>();
  /** The tickets of one branch: its kitchen, its day's numbers, its board (decision 062). */
  function at(branch: BranchId): BranchTickets {
    let tickets = branches.get(branch);
    if (!tickets) {
      tickets = createBranchTickets(db, engine, deps, branch, guests);
      branches.set(branch, tickets);
    }
    return tickets;
  }
  /** Tickets by id at whatever branch each is, newest first. */
  async function viewsAnywhere(ids: number[], language?: Language): Promise<Ticket[]> {
    if (ids.length === 0) return [];
    const byBranch = new Map<number, number[]>();
    for (const { id, branch_id } of await guests.branchesOf(ids))
      byBranch.set(branch_id, [...(byBranch.get(branch_id) ?? []), id]);
    const viewed = new Map<string, Ticket>();
    for (const [branch, own] of byBranch)
      for (const ticket of await at(asBranchId(branch)).views(own, language)) viewed.set(ticket._id, ticket);
    return ids.map((id) => viewed.get(String(id))).filter((t): t is Ticket => t !== undefined);
  }
  const readerLanguage = async (caller: Pick<Caller, 'language'>): Promise<Language> =>
    caller.language ?? (await deps.restaurant.brand()).language;
  /** Who a ticket belongs to (undefined: no such ticket). */
  async function ownerOf(ticketId: number): Promise<{ userId: number | null } | undefined> {
    const row = await guests.ownerOf(ticketId);
    return row ? { userId: row.user_id } : undefined;
  }
  const online = createOnlineCheckout(deps.payments, {
    restaurant: deps.restaurant,
    at,
    ownerOf,
    bills: deps.bills,
    ...(deps.events ? { events: deps.events } : {}),
    log: deps.log ?? { warn: () => {} },
  });
  return {
    at,
    /** POST /api/v1/checkout with an online provider, at the request's branch. */
    checkoutOnline: online.checkoutOnline,
    /** Tickets by id at whatever branch each is (a bill's tickets, the live events'). */
    views: viewsAnywhere,
    ownerOf,

    /** GET /api/v1/tickets/mine: the guest's tickets at every branch, newest first, a page of at most `limit` (500) after `cursor` (paging.ts). */
    async mine(
      caller: Caller,
      page: { limit?: number | undefined; cursor?: string | undefined } = {},
    ): Promise<{ tickets: Ticket[]; nextCursor: string | null }> {
      const size = pageSize(page.limit);
      const ids = pageFrom(
        await guests.idsOf(caller.id, size + 1, decodeCursor(page.cursor, ['n'])?.[0] as number | undefined),
        size,
        (id) => [id],
      );
      return { tickets: await viewsAnywhere(ids.rows, await readerLanguage(caller)), nextCursor: ids.nextCursor };
    },

    /** GET /api/v1/tickets/{id}: the owner's (at any branch), or any for staff. */
    async one(caller: Caller, id: number, staff: boolean): Promise<Ticket> {
      const row = await guests.ownerOf(id);
      if (!row || (row.user_id !== caller.id && !staff)) throw notFound('noSuchOrder');
      return (await at(asBranchId(row.branch_id)).views([id], await readerLanguage(caller)))[0] as Ticket;
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;

/** What another module needs of the tickets at a branch (`tickets.at(branch)`). */
export interface TicketsAt<K extends keyof BranchTickets> {
  at(branch: BranchId): Pick<BranchTickets, K>;
}
