import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OnlineProvider } from '../../../shared/contract/payments.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { CheckoutBody, Ticket } from '../../../shared/contract/tickets.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { DomainEvents } from '../../events/event-bus.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { BillsService } from '../bills/bills.service.ts';
import {
  type PaymentRow,
  type PaymentsService,
  succeededOnBill,
  uncountedGiveBack,
} from '../payments/payments.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { Minor } from '../../../shared/domain/money.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';

/** Writes the payment of a ticket placed with `pay: { provider }`, in the ticket's transaction. */
export interface OnlineHold {
  hold(trx: Kysely<AppDatabase>, ticketId: number, totalMinor: Minor, billId: number): Promise<void>;
}

/** What the online checkout needs of the tickets at a branch. */
export interface BranchTicketsForOnline {
  enterKitchen(trx: Kysely<AppDatabase>): Promise<void>;
  kitchenReady(settings: RestaurantSettings): Promise<void>;
  checkout(caller: Caller, body: CheckoutBody, online?: OnlineHold): Promise<Ticket>;
  paymentSucceeded(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    ticketId: number,
    provider: string,
    paid?: boolean,
  ): Promise<boolean>;
  paymentEnded(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    ticketId: number,
    reason: string,
  ): Promise<boolean>;
  views(ids: number[]): Promise<Ticket[]>;
}

/** What the online checkout needs of the tickets service: the tickets of a branch, and of the payment's ticket's. */
export interface TicketsForOnline {
  restaurant: RestaurantService;
  at(branch: BranchId): BranchTicketsForOnline;
  ownerOf(ticketId: number): Promise<{ userId: number | null } | undefined>;
  bills: Pick<BillsService, 'recordSucceeded' | 'ticketMoved' | 'announcePaid'>;
  events?: DomainEvents;
  log: { warn(details: object, message: string): void };
}

/**
 * A checkout paid online (docs/reference/ordering.md "Payments"; decision 031): the ticket placed
 * `awaiting_payment` with its payment (one transaction), then the payment created at the
 * provider. This module serves the payments of kind `checkout`: a succeeded payment counts on
 * the ticket's bill and sends the ticket to the kitchen, a failed or expired one cancels it and
 * frees its room, all in the payment's settling transaction (which holds the kitchen shared first).
 */
export function createOnlineCheckout(
  payments: Pick<PaymentsService, 'serve' | 'assertOffered' | 'write' | 'open'>,
  tickets: TicketsForOnline,
) {
  const { bills } = tickets;

  /** Once committed: the kitchen and the guest hear of the ticket's move. */
  async function announce(
    branch: BranchTicketsForOnline,
    ticketId: number,
    moved: 'reached-board' | 'cancelled',
    reason: string,
  ): Promise<void> {
    const ticket = (await branch.views([ticketId]))[0];
    const ownerId = (await tickets.ownerOf(ticketId))?.userId ?? null;
    if (!ticket) return;
    await tickets.events?.emit(
      moved === 'reached-board'
        ? { type: 'ticket.reached-board', ticket, ownerId }
        : { type: 'ticket.cancelled', ticket, ownerId, by: 'payment', reason },
    );
  }

  payments.serve('checkout', {
    // The kitchen's bucket loads built on this process first: a settling holds the kitchen shared, and a rebuild under it would wait for itself (decision 042).
    prepare: (settings, row) => tickets.at(asBranchId(row.branch_id)).kitchenReady(settings),
    // A ticket's move changes the kitchen's loads: the kitchen held shared first, as every such write (decision 042).
    lock: (trx, row) => tickets.at(asBranchId(row.branch_id)).enterKitchen(trx),
    async settled(trx, { row, outcome, method, settings }) {
      const ticketId = row.ticket_id as number;
      const branch = tickets.at(asBranchId(row.branch_id));
      let countedOnBill = false;
      let paidTickets: { id: number; userId: number | null }[] = [];
      /** The branch of the bill the money counted on, which a paid bill is told with. */
      let billBranch: number | undefined;
      let giveBack: { key: string; reason: string } | undefined;
      const reason = outcome === 'expired' ? 'Payment expired' : 'Payment failed';
      let afterBill: (() => Promise<void>) | undefined;
      let moved = false;
      /** The ticket to the kitchen, paid when the money counts on its bill (else it stays due there). */
      const toKitchen = async (paid: boolean) => {
        moved = await branch.paymentSucceeded(trx, settings, ticketId, row.provider, paid);
      };
      // The money counts on the bill in this very transaction, or is given back whole (decision 031,
      // addendum); the ticket moves under the bill's lock before the money is taken, so that the
      // branch's receipt counter, which paying the bill takes, is held only until the commit.
      if (outcome === 'succeeded' && row.bill_id !== null) {
        const recorded = await bills.recordSucceeded(
          trx,
          settings,
          row.bill_id,
          succeededOnBill(row, method),
          toKitchen,
        );
        paidTickets = recorded.paidTickets;
        if (recorded.outcome === 'recorded' || recorded.outcome === 'paid') billBranch = recorded.branch;
        countedOnBill = billBranch !== undefined;
        if (!countedOnBill) {
          giveBack = uncountedGiveBack(row, recorded.outcome);
          tickets.log.warn(
            { paymentId: row.id, billId: row.bill_id, outcome: recorded.outcome },
            'a payment arrived for a bill that no longer had it due: refunded in full',
          );
        }
      } else if (outcome === 'succeeded') await toKitchen(true);
      else {
        moved = await branch.paymentEnded(trx, settings, ticketId, reason);
        // Its bill had nothing but this ticket: void (bills.ticketMoved decides).
        afterBill = await bills.ticketMoved(trx, settings, ticketId, { collected: false, cancelled: true });
      }
      const billId = row.bill_id;
      return {
        ...(giveBack ? { giveBack } : {}),
        after: async () => {
          await afterBill?.();
          if (moved) await announce(branch, ticketId, outcome === 'succeeded' ? 'reached-board' : 'cancelled', reason);
          if (countedOnBill && billId !== null && billBranch !== undefined)
            bills.announcePaid(
              { id: billId, branch_id: billBranch },
              paidTickets.filter((t) => t.id !== ticketId),
            );
        },
      };
    },
  });

  return {
    /**
     * POST /api/v1/checkout with `pay: { provider }`: the ticket placed `awaiting_payment` with
     * its payment (one transaction), then the payment created at the provider. A provider that
     * does not answer ends the payment and the ticket at once (nothing was charged) → 502.
     */
    async checkoutOnline(
      at: BranchId,
      caller: Caller,
      body: CheckoutBody & { pay: { provider: OnlineProvider } },
    ): Promise<{ ticket: Ticket; payment: { _id: string; redirectUrl: string } }> {
      await payments.assertOffered(body.pay.provider);
      const { currency } = await tickets.restaurant.brand();
      let row: PaymentRow | undefined;
      const ticket = await tickets.at(at).checkout(caller, body, {
        hold: async (trx, ticketId, totalMinor, billId) => {
          // The checkout ticket's bill: its succeeded counts there (docs/reference/ordering.md "The bill").
          row = await payments.write(trx, {
            key: `checkout-${randomUUID()}`,
            provider: body.pay.provider,
            amount: totalMinor,
            currency,
            branch: at,
            ticketId,
            billId,
            userId: caller.id,
          });
        },
      });
      if (!row) throw new Error('the ticket was placed without its payment');
      return { ticket, payment: await payments.open(row, caller.email) };
    },
  };
}
