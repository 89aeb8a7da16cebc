import type { Kysely } from 'kysely';
import { PAYMENT_PAID } from '../../../shared/constants.ts';
import { RECALL_MINUTES } from '../../../shared/contract/kitchen.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { TicketStatus } from '../../../shared/contract/tickets.ts';
import { canMoveTicket, loadsKitchen } from '../../../shared/domain/workflows.ts';
import { isRepeat } from '../../db/request-keys.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { type StatusTimes, createBoardRepository } from './board.repository.ts';
import type { KitchenCapacity } from './capacity.ts';
import type { TicketsDeps } from './tickets.deps.ts';
import type { BranchId } from '../../db/branch.ts';

/**
 * A ticket's move by the kitchen (docs/reference/operations.md "The kitchen board"): its status
 * by the transition table (shared/domain/workflows.ts), written by the module that owns
 * tickets. The kitchen module answers the move with the board's card and tells it.
 */

const MINUTE = 60_000;
/** When a status change happened, by the column that keeps it. */
const STATUS_TIMES: Partial<Record<TicketStatus, keyof StatusTimes>> = {
  preparing: 'started_at',
  ready: 'ready_marked_at',
  completed: 'completed_at',
  cancelled: 'cancelled_at',
};

/** A move asked for: `key` (optional) makes it done once however often it is sent. */
export interface TicketMove {
  id: number;
  status: TicketStatus;
  reason: string | undefined;
  key: string | undefined;
}

/**
 * A move's outcome: the status it came from and the guest it belongs to (`ownerId` undefined: a
 * repeat of its key, which moved nothing); `afterCommit` what its bill does once committed
 * (online money refunded).
 */
export interface TicketMoved {
  from: TicketStatus;
  ownerId: number | null | undefined;
  afterCommit: (() => Promise<void>) | undefined;
}

export function createTicketMoves(
  db: Kysely<AppDatabase>,
  deps: TicketsDeps,
  capacity: KitchenCapacity,
  branch: BranchId,
) {
  /**
   * One compare-and-set, so two cooks pressing at once change it once. The transaction holds the
   * kitchen shared: the bucket loads change when a ticket leaves the open statuses or comes back,
   * so that moves and checkouts do not wait for each other (decision 042).
   */
  async function move(settings: RestaurantSettings, now: string, asked: TicketMove): Promise<TicketMoved> {
    const { id, status, reason, key } = asked;
    if (status === 'cancelled' && !reason) throw badRequest('cancellingOrderNeedsReason');
    let afterCommit: (() => Promise<void>) | undefined;
    let from: TicketStatus = status;
    const ownerId = await db.transaction().execute(async (trx) => {
      await capacity.enterKitchen(trx);
      if (
        await isRepeat(
          trx,
          'ticket-status',
          key,
          JSON.stringify({ ticketId: id, status, reason: reason ?? null }),
          now,
          () => conflict('keyWasAlreadyUsedAnother4'),
        )
      )
        return undefined;
      const repository = createBoardRepository(trx, branch);
      const row = await repository.statusOf(id);
      if (!row) throw notFound('noSuchOrder');
      from = row.status as TicketStatus;
      if (!canMoveTicket(from, status)) throw conflict('orderCannotBecome', { v0: from, v1: status });
      if (
        from === 'completed' &&
        row.completed_at !== null &&
        Date.parse(row.completed_at) < Date.parse(now) - RECALL_MINUTES * MINUTE
      ) {
        throw conflict('orderCanRecalledOnlyWithin', { v0: RECALL_MINUTES });
      }
      const times: StatusTimes = {};
      const column = STATUS_TIMES[status];
      if (column) times[column] = now;
      // A recall undoes the later step: back to preparing it is not ready, back to ready not completed.
      if (from === 'ready' && status === 'preparing') times.ready_marked_at = null;
      if (from === 'completed') times.completed_at = null;
      // Cash is taken when a pick-up or delivery is handed over (docs/reference/operations.md "Tickets"); a
      // table's round is paid with its bill, taken on the Floor, so completing it takes nothing.
      const collect = status === 'completed' && row.payment === 'due' && row.fulfilment !== 'dine_in';
      const moved = await repository.move(id, from, status, {
        ...times,
        ...(status === 'cancelled' ? { cancel_reason: reason ?? null } : {}),
        ...(collect ? { payment: PAYMENT_PAID } : {}),
      });
      if (!moved) throw conflict('orderChangedMeanwhileLookAgain');
      if (collect) await deps.orders.collectCash(trx, id);
      // The load leaves (or comes back to) its buckets as rows of changes, which lock no bucket's
      // row (decision 052): no order to keep with the bill's rows or the receipt counter.
      if (loadsKitchen(from) !== loadsKitchen(status))
        await capacity.shiftLoad(
          trx,
          settings,
          { readyAt: row.ready_at, units: row.units },
          loadsKitchen(status) ? 1 : -1,
        );
      // A cancel gives the money back (docs/reference/ordering.md "Money that agrees on every screen"): the bill
      // refunds online money once committed and owes back what was taken at the restaurant.
      if (collect || status === 'cancelled')
        afterCommit = await deps.bills.ticketMoved(
          trx,
          settings,
          id,
          { collected: collect, cancelled: status === 'cancelled', ...(reason ? { reason } : {}) },
          row.bill_id,
        );
      return row.user_id;
    });
    return { from, ownerId, afterCommit };
  }

  return { move };
}
