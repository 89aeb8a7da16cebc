import type { Kysely } from 'kysely';
import type { FavoriteListed } from '../../../shared/contract/favorites.ts';
import type { OrderListed } from '../../../shared/contract/orders.ts';
import type { AppDatabase, OrderRow } from '../../db/schema.ts';
import type { Engine } from '../../db/database.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { type Named, conflict, notFound } from '../../http/errors.ts';
import type { BranchId } from '../../db/branch.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { createFavoritesService } from '../favorites/favorites.service.ts';
import { toOrderListed } from './orders.mappers.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { TEXT } from '../../../shared/texts.ts';
import { type Minor } from '../../../shared/domain/money.ts';

/**
 * The rules of booking orders and their payment. Callers have already checked who is
 * acting (routes); here every change is scoped to one user id, and a record of another
 * user answers 404 exactly like one that does not exist.
 */

/** The server's messages: the client shows them as the title of its success dialog. */
export const ORDER_MESSAGES = {
  // The order call puts a line in the bag: nothing reaches the kitchen before the checkout (issue 41, point 1).
  orderPlaced: TEXT.addedToBag,
  favoriteConfirmed: 'Your favourite has been confirmed as an order',
  orderRemoved: 'Your order has been deleted',
  orderPaid: 'Your payment has been received',
  adminOrderRemoved: 'The order has been deleted',
} as const;

/**
 * Only the last four digits are kept: enough for the guest and the restaurant to recognise
 * which account paid, while a full bank or mobile-wallet number is not ours to hold (a leak
 * of the database would otherwise leak every guest's account number).
 */
export function accountLastDigits(accountNumber: string): string {
  return accountNumber.slice(-4);
}

/**
 * Where the tickets that hold booking orders stand, as the tickets module publishes them
 * (tickets.published.ts, handed in by the app: the tickets service calls this module's), with
 * what each one's bill charges for it (`charged`: what was paid, once paid, tax included) and
 * gave back of it (`refunded`), in minor units: the bag's PAID marker says those, not the line's price.
 */
export interface TicketSummaries {
  summaries(
    ids: number[],
  ): Promise<
    Map<
      number,
      { number: string; fulfilment: string; payment: string; status: string; charged: Minor; refunded: Minor }
    >
  >;
}

/**
 * The branches a bag's lines are put in at (docs/reference/branches.md "Guests": the bag belongs
 * to one branch), as the branches module knows them (handed in by the app).
 */
export interface BagBranches {
  /** A branch's name in both languages, for the refusal of a line of another branch. */
  named(id: number): Promise<Named>;
  /** Whether the brand has two open branches or more: only then does a listed line say its `branchId`. */
  several(): Promise<boolean>;
}

const ONE_BRANCH: BagBranches = { named: async () => ({ name: '' }), several: async () => false };

/** The lock a guest's adds to their bag take one at a time (decision 069): per guest, so on PostgreSQL other guests' adds never wait. */
const bagLock = (userId: number) => `bag:${userId}`;

export function createOrdersService(
  db: Kysely<AppDatabase>,
  engine: Engine,
  catalog: CatalogService,
  tickets: TicketSummaries,
  branches: BagBranches = ONE_BRANCH,
) {
  const orders = createOrdersRepository(db);

  /**
   * 409 when the bag holds lines (not yet placed) of another branch than `here`, or, `waiting`,
   * lines on a ticket there still awaiting its online payment: nothing is added.
   */
  async function refuseAnotherBranch(bag: number, here: BranchId, waiting = false): Promise<never> {
    const [bagNamed, hereNamed] = await Promise.all([branches.named(bag), branches.named(here)]);
    const names = { bag: bagNamed, here: hereNamed };
    if (waiting) throw conflict('paymentOpenAtAnotherBranch', names);
    throw conflict('bagIsForAnotherBranch', names);
  }

  /**
   * Puts a line in the bag at `branch` (`put`, in the same transaction), unless the bag holds
   * lines of another branch, or will hold them again if an open online payment there fails
   * (decision 074): then 409 and nothing is written. The guest's bag is held first
   * (decision 069), so that two adds racing at two branches cannot both find it empty: on
   * PostgreSQL a transaction-scoped advisory lock per guest (the second waits for the first's
   * commit, then reads its line), on SQLite the write lock, taken before the read. The refusal
   * names the branches after the transaction, outside its connection.
   */
  async function intoBag<T>(
    userId: number,
    branch: BranchId,
    put: (trx: Kysely<AppDatabase>) => Promise<T>,
  ): Promise<T> {
    const done = await db.transaction().execute(async (trx) => {
      await lockForWriting(trx, engine, bagLock(userId));
      const elsewhere = await createOrdersRepository(trx).bagElsewhere(userId, branch);
      return elsewhere === undefined ? { put: await put(trx) } : { elsewhere };
    });
    if (done.elsewhere !== undefined) return refuseAnotherBranch(done.elsewhere.branch, branch, done.elsewhere.waiting);
    return done.put;
  }

  return {
    async listForUser(userId: number, language: Language = 'en'): Promise<OrderListed[]> {
      const [rows, withBranch] = await Promise.all([orders.listByUser(userId), branches.several()]);
      const held = await tickets.summaries([
        ...new Set(rows.flatMap((r) => (r.ticket_id === null ? [] : [r.ticket_id]))),
      ]);
      return rows.map((row) => {
        const ticket = row.ticket_id === null ? undefined : held.get(row.ticket_id);
        return toOrderListed(
          {
            ...row,
            ticket_number: ticket?.number ?? null,
            ticket_fulfilment: ticket?.fulfilment ?? null,
            ticket_payment: ticket?.payment ?? null,
            ticket_status: ticket?.status ?? null,
            ...(ticket ? { ticket_charged: ticket.charged, ticket_refunded: ticket.refunded } : {}),
          },
          language,
          withBranch,
        );
      });
    },

    /** A booking order at the catalogue's price: unit price × quantity, status Conform; put in the bag at `branch`. */
    async place(
      branch: BranchId,
      userId: number,
      dishId: number,
      quantity: number,
      options?: readonly number[],
      language: Language = 'en',
    ): Promise<OrderListed> {
      const dish = await catalog.orderedDish(db, dishId, { chosen: options }, branch);
      const order = await intoBag(userId, branch, (trx) =>
        createOrdersRepository(trx).insert(userId, dish, quantity, branch),
      );
      return toOrderListed(order, language, await branches.several());
    },

    /**
     * Confirms a pending favourite with the chosen quantity and books it as an order at the
     * catalogue's current price, in one transaction (the bag's: intoBag): both happen or neither does.
     */
    async confirmFavorite(
      branch: BranchId,
      userId: number,
      favoriteId: number,
      quantity: number,
      dishId?: number,
      language: Language = 'en',
    ): Promise<{ order: OrderListed; favorite: FavoriteListed }> {
      const { order, favorite } = await intoBag(userId, branch, async (trx) => {
        const confirmed = await createFavoritesService(trx, catalog).confirmPending(
          userId,
          favoriteId,
          quantity,
          dishId,
          language,
        );
        // A favourite keeps no options: its order takes the defaults (409 when they reach no group's min).
        const ordered = await catalog.orderedDish(trx, confirmed.dish.id, { favourite: true }, branch);
        return { order: await createOrdersRepository(trx).insert(userId, ordered, quantity, branch), ...confirmed };
      });
      return { order: toOrderListed(order, language, await branches.several()), favorite };
    },

    /** The spec's delete; a line a placed ticket holds is the restaurant's record now (409). */
    async remove(userId: number, orderId: number, language: Language = 'en'): Promise<OrderListed> {
      const order = await orders.find(userId, orderId);
      if (!order) throw notFound('noSuchOrder');
      if (order.ticket_id !== null) throw conflict('orderAlreadyPlacedCanNo');
      const removed = await orders.delete(userId, orderId);
      if (!removed) throw notFound('noSuchOrder');
      return toOrderListed(removed, language);
    },

    /** One of the caller's orders as listed (after the pay call placed it). */
    async listedOne(userId: number, orderId: number, language: Language = 'en'): Promise<OrderListed> {
      const order = await orders.find(userId, orderId);
      if (!order) throw notFound('noSuchOrder');
      return toOrderListed(order, language, await branches.several());
    },

    /**
     * The caller's lines a ticket at `branch` is about to place, read inside the ticket's
     * transaction (`executor`); 404 when one is not theirs (or does not exist), 409 when one was
     * put in the bag at another branch (never ordered here silently).
     */
    async linesToPlace(
      executor: Kysely<AppDatabase>,
      userId: number,
      ids: number[],
      branch: BranchId,
    ): Promise<PlacedLine[]> {
      const rows = await createOrdersRepository(executor).linesOf(userId, ids);
      if (rows.length !== ids.length) throw notFound('noSuchOrder');
      const elsewhere = rows.find((r) => r.branch_id !== branch && r.ticket_id === null);
      if (elsewhere) await refuseAnotherBranch(elsewhere.branch_id, branch);
      return rows.map(({ branch_id: _branch, ...r }) => ({ ...r, ticket_id: r.ticket_id ?? null }));
    },

    /** The lines now belong to the ticket (paid with it, unless in cash), in the ticket's transaction. */
    markPlaced: (
      executor: Kysely<AppDatabase>,
      ticketId: number,
      ids: number[],
      paid: { method: string; account: string | null } | null,
    ) => createOrdersRepository(executor).markPlaced(ticketId, ids, paid),

    /** A ticket's online payment succeeded: its lines are paid (in the payment's transaction). */
    payOnline: (executor: Kysely<AppDatabase>, ticketId: number, provider: string) =>
      createOrdersRepository(executor).payOnline(ticketId, provider),

    /** A ticket's online payment failed or expired: its lines are free to be placed again. */
    release: (executor: Kysely<AppDatabase>, ticketId: number) => createOrdersRepository(executor).release(ticketId),

    /** A cash ticket handed over: its lines are paid (in the kitchen's transaction). */
    collectCash: (executor: Kysely<AppDatabase>, ticketId: number) =>
      createOrdersRepository(executor).collectCash(ticketId),
  };
}

/** A booking order as a ticket places it (the kitchen's read of its dish adds the category its bill taxes it by: capacity.weigh). */
export type PlacedLine = Pick<
  OrderRow,
  'id' | 'product_id' | 'name' | 'name_bn' | 'quantity' | 'total_price' | 'payment' | 'options'
> & { ticket_id: number | null };

export type OrdersService = ReturnType<typeof createOrdersService>;
