import type { Kysely } from 'kysely';
import { roleAtLeast } from '../../../shared/constants.ts';
import {
  type Bill,
  type BillRefundBody,
  type BillStatus,
  type DiscountBody,
  type KeepSplitBody,
  type PaymentBody,
} from '../../../shared/contract/bills.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import type { BillPaymentBody } from '../../../shared/contract/payments.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import { basisPoints, changeOf, giveBackPlan, percentOf, splitShares } from '../../../shared/domain/billing.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type KeyScope, claimKey } from '../../db/request-keys.ts';
import { decodeCursor, pageFrom, pageSize } from '../../http/paging.ts';
import { dayNumber, provisionalSeq, takeNumber } from '../../db/day-numbers.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { MessageCode } from '../../../shared/contract/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { DomainEvents } from '../../events/event-bus.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import { type BillParts, everyTicketCancelled, leftToGiveBack, toBill } from './bills.mappers.ts';
import { billRules, createBillLedger } from './bills.ledger.ts';
import type { BillSources, TicketsOnBills } from './bill-sources.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { createBillsOnline } from './bills-online.ts';
import { type Party, createBillMoves } from './bill-moves.ts';
import { type BillPaymentRow, type BillRow, createBillsRepository } from './bills.repository.ts';
import { createReceipts } from './receipt.ts';
import { type KeptShare, keptShares, paidShares } from './kept-split.ts';
import { type Minor } from '../../../shared/domain/money.ts';
export type { ReceiptContent } from './receipt.ts';

/**
 * Bills (docs/reference/ordering.md "The bill"): every ticket is put on one in the transaction that places it
 * (`attachTicket`, called by the tickets service); staff discount, split and take payments;
 * the bill is paid when its due reaches 0 and gets the next receipt number in that same
 * transaction. A change to one bill holds its row (PostgreSQL `for update`, on any server; on
 * SQLite the write lock) from its first read to its commit, so two payments racing for the last
 * due cannot both have it, and a discount cannot slip in after the payment that closed it.
 */

export interface BillsDeps {
  restaurant: RestaurantService;
  /** The tickets bills are made of, as the tickets module publishes them (bill-sources.ts). */
  tickets: TicketsOnBills;
  /** Each line's dish category, which its tax follows. */
  catalog: Pick<CatalogService, 'dishFacts'>;
  now?: () => number;
  /** Where a paid bill (`bill.paid`) and a bill whose money changed (`bill.changed`) are told, once committed. */
  events?: DomainEvents;
  /**
   * Online money (decision 041): refunds of online payments a bill owes back, and a bill's due
   * paid online (this module serves the payments of kind `bill`). A ledger tested alone has none.
   */
  payments?: PaymentsService;
  log?: { warn(details: object, message: string): void };
}

export function createBillsService(db: Kysely<AppDatabase>, engine: Engine, deps: BillsDeps) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();
  const sources: BillSources = { tickets: deps.tickets, catalog: deps.catalog, payments: deps.payments };
  const ledger = createBillLedger(engine, sources, deps.payments ? { onlineRefunds: deps.payments.refunds } : {});
  const { lockBill } = ledger;

  async function views(
    executor: Kysely<AppDatabase>,
    ids: number[],
    settings: RestaurantSettings,
    language: Language = 'en',
  ): Promise<Bill[]> {
    const rows = await createBillsRepository(executor).bills(ids);
    const parts = await ledger.partsOf(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const own = parts.get(row.id) as BillParts;
      const bill = toBill(
        row,
        own,
        row.status === 'paid' ? undefined : ledger.moneyOf(row, own, settings),
        billRules(row, settings),
        language,
      );
      // Its amounts are in the currency it was opened in, whatever the settings say now (decision 057).
      bill.currency = row.currency ?? settings.currency;
      // A kept split (issue 58) is said while the bill is open: its shares paid and those left of the due.
      if (row.split_ways !== null && row.status === 'open') {
        const shares = keptShares(Number(row.split_ways), paidShares(own.payments), toMinorUnits(bill.due));
        bill.split = {
          ways: Number(row.split_ways),
          shares: shares.map((share) => ({ n: share.n, amount: fromMinorUnits(share.amount), paid: share.paid })),
        };
      }
      return bill;
    });
  }

  /** A bill as the contract has it, its lines named in `language` (decision 050). */
  async function view(
    executor: Kysely<AppDatabase>,
    id: number,
    settings: RestaurantSettings,
    language: Language = 'en',
  ): Promise<Bill> {
    const bill = (await views(executor, [id], settings, language))[0];
    if (!bill) throw notFound('noSuchBill');
    return bill;
  }

  /** Once committed: the refunds a change set aside go to their provider, and the Floor and the paid tickets' guests hear of it. */
  function afterCommit(
    billId: number,
    outcome: { refundIds: number[]; paidTickets: { id: number; userId: number | null }[] },
  ): () => Promise<void> {
    return async () => {
      await ledger.sendRefunds(outcome.refundIds);
      announce(billId, outcome.paidTickets);
    };
  }

  /** Once committed: the Floor hears the bill's money changed, and the guests of the tickets it paid that they are paid. */
  function announce(billId: number, paidTickets: { id: number; userId: number | null }[]): void {
    void deps.events?.emit({ type: 'bill.changed', billId });
    if (paidTickets.length > 0) void deps.events?.emit({ type: 'bill.paid', billId, tickets: paidTickets });
  }

  /**
   * Opens a bill (numbered B-001… per local day, decision 046): numbered now (the day's counter
   * then held to the commit), or, `numberLater`, written with a provisional number that the
   * placing's last statement replaces (numberRows).
   */
  async function openBill(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    bill: { fulfilment: Fulfilment; tableId: number | null; reservation: Party | null },
    now: string,
    numberLater = false,
  ): Promise<BillRow> {
    const repository = createBillsRepository(trx);
    const day = wallClockOf(now, settings.timeZone).date;
    const seq = numberLater ? undefined : await takeNumber(trx, engine, day, 'bills');
    const dineIn = bill.fulfilment === 'dine_in';
    return repository.insert({
      local_date: day,
      seq: seq ?? provisionalSeq(engine),
      number: seq === undefined ? '' : dayNumber('B', seq),
      fulfilment: bill.fulfilment,
      table_id: dineIn && bill.reservation === null ? bill.tableId : null,
      reservation_id: dineIn ? (bill.reservation?.id ?? null) : null,
      covers: bill.reservation?.partySize ?? 0,
      opened_at: now,
      currency: settings.currency,
    });
  }

  /**
   * A change of a bill sent with a client's key, in one transaction with the bill held: the key is
   * bound to this bill and body (request_keys), so the same again answers undefined (nothing done,
   * `created` false) and another bill or body is 409 with `reused`, changing nothing. `work` gets
   * the body as it is kept and answers what to run once committed. Without a key (a discount sent
   * without one) the change simply runs.
   */
  async function keyedChange(
    id: number,
    scope: KeyScope,
    key: string | undefined,
    body: object,
    reused: MessageCode,
    work: (trx: Kysely<AppDatabase>, row: BillRow, request: string) => Promise<() => Promise<void>>,
  ): Promise<(() => Promise<void>) | undefined> {
    const request = JSON.stringify(body);
    return db.transaction().execute(async (trx) => {
      const row = await lockBill(trx, id);
      if (!row) throw notFound('noSuchBill');
      const claim =
        key === undefined ? 'new' : await claimKey(trx, scope, key, JSON.stringify({ billId: id, ...body }), nowIso());
      if (claim === 'other') throw new HttpError(409, reused);
      if (claim === 'same') return undefined;
      return work(trx, row, request);
    });
  }

  async function readable(caller: Caller, id: number): Promise<void> {
    if (roleAtLeast(caller.role, 'staff')) return;
    if (!(await deps.tickets.hasOnBill(db, id, caller.id))) throw notFound('noSuchBill');
  }

  const service = {
    ...createBillMoves(engine, deps, { ledger, nowIso, openBill, afterCommit }),
    ...createReceipts({
      settings: () => deps.restaurant.get(),
      bill: (id, settings, language) => view(db, id, settings, language),
      readable,
      nowIso,
    }),

    /**
     * The money of bills that are a pick-up's or a delivery's own, by bill id, as a ticket shows
     * it: the bill's figures as they stand (tips apart), so that My Orders, the kitchen and the
     * bill say one number. Read with the caller's handle (a ticket's views).
     */
    async ownBillMoney(
      executor: Kysely<AppDatabase>,
      ids: number[],
    ): Promise<
      Map<
        number,
        Pick<Bill, 'subtotal' | 'taxes' | 'taxInclusive' | 'serviceCharge' | 'deliveryFee' | 'total' | 'refunded'>
      >
    > {
      const bills = await views(executor, [...new Set(ids)], await deps.restaurant.get());
      return new Map(
        bills
          .filter((b) => b.fulfilment !== 'dine_in')
          .map((b) => [
            Number(b._id),
            {
              subtotal: b.subtotal,
              taxes: b.taxes,
              taxInclusive: b.taxInclusive,
              serviceCharge: b.serviceCharge,
              deliveryFee: b.deliveryFee,
              total: b.total,
              refunded: b.refunded,
            },
          ]),
      );
    },

    /** What cancelling a ticket would give back of its bill's money (the kitchen's cancel dialog says it first), in the contract's units. */
    async cancelPreview(
      ticketId: number,
    ): Promise<{ billId: string | null; refund: number; giveBack: { method: string; amount: number }[] }> {
      const repository = createBillsRepository(db);
      const billId = await deps.tickets.billOf(db, ticketId);
      const row = billId === null ? undefined : await repository.bill(billId);
      if (!row || row.status === 'void')
        return { billId: billId === null ? null : String(billId), refund: 0, giveBack: [] };
      const preview = await ledger.previewCancel(db, row, await deps.restaurant.get(), ticketId);
      return {
        billId: String(row.id),
        refund: fromMinorUnits(preview.refund),
        giveBack: preview.giveBack.map((g) => ({ method: g.method, amount: fromMinorUnits(g.amount) })),
      };
    },

    /** What a bill has due now (minor units) and whether it is open, for a caller who may pay it: its guest or staff (others: 404). */
    async payable(
      caller: Caller,
      id: number,
    ): Promise<{ status: BillStatus; due: Minor; currency: string | undefined }> {
      await readable(caller, id);
      const bill = await view(db, id, await deps.restaurant.get());
      // Charged in the currency the bill was opened in (decision 057), whatever the settings say now.
      return { status: bill.status, due: toMinorUnits(bill.due), currency: bill.currency };
    },

    /** Sends the live events of a bill that `recordSucceeded` counted a payment on, and of the tickets it paid (after the commit). */
    announcePaid: announce,

    /** GET /api/v1/bills: staff; a page of at most `limit` (500), after `cursor` (paging.ts); lines named in the `asked` language or the restaurant's. */
    async list(
      filter: {
        status?: BillStatus | undefined;
        date?: string | undefined;
        limit?: number | undefined;
        cursor?: string | undefined;
      },
      asked?: Language,
    ): Promise<{ bills: Bill[]; nextCursor: string | null }> {
      const settings = await deps.restaurant.get();
      const size = pageSize(filter.limit);
      const page = pageFrom(
        await createBillsRepository(db).ids(
          filter,
          size + 1,
          decodeCursor(filter.cursor, ['n'])?.[0] as number | undefined,
        ),
        size,
        (id) => [id],
      );
      return { bills: await views(db, page.rows, settings, asked ?? settings.language), nextCursor: page.nextCursor };
    },

    /** GET /api/v1/bills/{id}: staff, or a guest with a ticket on it (others 404). */
    async one(caller: Caller, id: number): Promise<Bill> {
      await readable(caller, id);
      const settings = await deps.restaurant.get();
      return view(db, id, settings, caller.language ?? settings.language);
    },

    /** POST /api/v1/bills/{id}/discounts: on an open bill; what it takes below what was paid is owed back. */
    async discount(caller: Caller, id: number, body: DiscountBody): Promise<Bill> {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      // A discount queued offline carries a key (docs/reference/service.md "Staff screens that survive the Wi-Fi"): sent again, it is taken once.
      const request = {
        percent: body.percent ?? null,
        amount: body.amount !== undefined ? toMinorUnits(body.amount) : null,
        reason: body.reason,
      };
      const after = await keyedChange(
        id,
        'bill-discount',
        body.key,
        request,
        'keyWasAlreadyUsedDiscount',
        async (trx, row) => {
          if (row.status === 'paid') throw conflict('billAlreadyPaid');
          if (row.status === 'void') throw conflict('billVoid');
          const { money } = await ledger.stateOf(trx, row, settings);
          if (!roleAtLeast(caller.role, 'admin')) {
            const adding =
              body.percent !== undefined
                ? percentOf(money.subtotal, body.percent)
                : toMinorUnits(body.amount as number);
            const limit = percentOf(money.subtotal, settings.billing.staffDiscountMaxPercent);
            if (money.discount + adding > limit)
              throw forbidden('staffMayTakeMostOff', { v0: settings.billing.staffDiscountMaxPercent });
          }
          await createBillsRepository(trx).insertDiscount({
            bill_id: id,
            percent_bp: body.percent !== undefined ? basisPoints(body.percent) : null,
            amount: body.amount !== undefined ? toMinorUnits(body.amount) : null,
            reason: body.reason,
            by_user_id: caller.id,
            by_name: caller.name,
            created_at: now,
          });
          return afterCommit(id, await ledger.rebalance(trx, row, settings, now, `Discount: ${body.reason}`));
        },
      );
      await after?.();
      return view(db, id, settings, caller.language ?? settings.language);
    },

    /** GET /api/v1/bills/{id}/split?ways=N */
    async split(id: number, ways: number): Promise<{ due: number; shares: number[] }> {
      const bill = await view(db, id, await deps.restaurant.get());
      const due = toMinorUnits(bill.due);
      return { due: bill.due, shares: splitShares(due, ways).map(fromMinorUnits) };
    },

    /**
     * POST /api/v1/bills/{id}/split (staff): the split kept on the bill until its shares are paid
     * (issue 58, decision 057), so every screen and server of the bill takes the same shares; split
     * again, the shares already paid stay paid and the due is shared over the others.
     */
    async keepSplit(caller: Caller, id: number, body: KeepSplitBody): Promise<Bill> {
      const settings = await deps.restaurant.get();
      const after = await keyedChange(
        id,
        'bill-split',
        body.key,
        { ways: body.ways },
        'keyWasAlreadyUsedSplit',
        async (trx, row) => {
          if (row.status === 'paid') throw conflict('billAlreadyPaid');
          if (row.status === 'void') throw conflict('billVoid');
          const { parts } = await ledger.stateOf(trx, row, settings);
          const paid = paidShares(parts.payments);
          const highest = Math.max(0, ...paid.keys());
          if (highest >= body.ways || paid.size >= body.ways)
            throw conflict('sharesAlreadyPaidSplit', {
              v0: Math.max(paid.size, highest),
              v1: Math.max(paid.size, highest) + 1,
            });
          await createBillsRepository(trx).keepSplit(id, body.ways);
          return afterCommit(id, { refundIds: [], paidTickets: [] });
        },
      );
      await after?.();
      return view(db, id, settings, caller.language ?? settings.language);
    },

    /** POST /api/v1/bills/{id}/payments: `created` false for a repeated key; with `share`, that share of the kept split, its amount exactly. */
    async pay(caller: Caller, id: number, body: PaymentBody): Promise<{ bill: Bill; created: boolean }> {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      const amount = toMinorUnits(body.amount);
      const tip = toMinorUnits(body.tip ?? 0);
      const tendered = body.tendered !== undefined ? toMinorUnits(body.tendered) : null;
      if (tendered !== null && body.method !== 'cash') throw badRequest('tenderedCashPayments');
      const share = body.share ?? null;
      const after = await keyedChange(
        id,
        'bill-payment',
        body.key,
        { method: body.method, amount, tip, tendered, ...(share !== null ? { share } : {}) },
        'keyWasAlreadyUsedAnother3',
        async (trx, row, request) => {
          if (row.status === 'paid') throw conflict('billAlreadyPaid');
          if (row.status === 'void') throw conflict('billVoid');
          const before = await ledger.stateOf(trx, row, settings);
          if (amount > before.due)
            throw conflict('amountMoreThanBillS', {
              v0: formatMoney(fromMinorUnits(before.due), row.currency ?? settings.currency),
            });
          if (share !== null) {
            // Read under the bill's lock: two payments of one share cannot both find it unpaid (and the database refuses a second: migration 0031).
            if (row.split_ways === null) throw conflict('billNotSplit');
            if (share > Number(row.split_ways))
              throw conflict('billSplitWaysShare', { v0: Number(row.split_ways), v1: Number(row.split_ways) });
            const shares = keptShares(Number(row.split_ways), paidShares(before.parts.payments), before.due);
            const meant = shares[share - 1] as KeptShare;
            if (meant.paid) throw conflict('shareAlreadyPaid', { v0: share });
            if (meant.amount !== amount)
              throw conflict('shareIsTakeThat', {
                v0: share,
                v1: formatMoney(fromMinorUnits(meant.amount), row.currency ?? settings.currency),
              });
          }
          const change = body.method === 'cash' && tendered !== null ? (changeOf(tendered, amount, tip) ?? null) : null;
          if (body.method === 'cash' && tendered !== null && change === null)
            throw badRequest('tenderedCoverAmountTip');
          return afterCommit(
            id,
            await ledger.takePayment(
              trx,
              row,
              settings,
              before,
              {
                bill_id: id,
                key: body.key,
                request,
                method: body.method,
                provider: 'restaurant',
                amount,
                tip,
                tendered,
                change,
                status: 'succeeded',
                at: now,
                by_user_id: caller.id,
                share,
              },
              'Payment taken',
            ),
          );
        },
      );
      await after?.();
      return { bill: await view(db, id, settings, caller.language ?? settings.language), created: after !== undefined };
    },

    /**
     * POST /api/v1/bills/{id}/refunds (staff): money taken at the restaurant given back, at most
     * what is owed back, from the bill's payments of that method (newest first). The key is bound
     * to its bill and body: the same answers the same (`created` false), anything else is 409.
     */
    async giveBack(caller: Caller, id: number, body: BillRefundBody): Promise<{ bill: Bill; created: boolean }> {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      const amount = toMinorUnits(body.amount);
      const after = await keyedChange(
        id,
        'bill-refund',
        body.key,
        { method: body.method, amount, reason: body.reason },
        'keyWasAlreadyUsedAnother',
        async (trx, row) => {
          const repository = createBillsRepository(trx);
          const state = await ledger.stateOf(trx, row, settings);
          if (state.owedBack === 0) throw conflict('nothingOwedBackBill');
          if (amount > state.owedBack)
            throw conflict('amountMoreThanWhatOwed', {
              v0: formatMoney(fromMinorUnits(state.owedBack), row.currency ?? settings.currency),
            });
          const taken = state.parts.payments.filter(
            (p) => p.status === 'succeeded' && p.provider === 'restaurant' && p.method === body.method,
          );
          const everything = everyTicketCancelled(state.parts);
          const plan = giveBackPlan(
            amount,
            taken.map((p) => leftToGiveBack(p, everything)),
          );
          if ([...plan.values()].reduce((sum, n) => sum + n, 0) !== amount)
            throw conflict('noPaymentBillHasMuch', { v0: body.method });
          const date = wallClockOf(now, settings.timeZone).date;
          for (const [i, take] of plan)
            await repository.giveBack((taken[i] as BillPaymentRow).id, take, now, date, body.reason, caller.id);
          return afterCommit(id, await ledger.rebalance(trx, row, settings, now, body.reason));
        },
      );
      await after?.();
      return { bill: await view(db, id, settings, caller.language ?? settings.language), created: after !== undefined };
    },

    /** The figures of the bills paid on a local day and the refunds made on it, minor units (the owner's day report). */
    async dayFigures(date: string) {
      const repository = createBillsRepository(db);
      return { ...(await repository.paidOn(date)), refunds: await repository.refundsOn(date) };
    },
  };

  const online = deps.payments
    ? createBillsOnline(deps.payments, {
        ...service,
        restaurant: deps.restaurant,
        lockBill,
        log: deps.log ?? { warn: () => {} },
      })
    : undefined;
  return {
    ...service,
    /** POST /api/v1/payments: a bill's due paid online (bills-online.ts). */
    payOnline: (caller: Caller, body: BillPaymentBody) => {
      if (!online) throw new Error('bills were made without payments');
      return online.payOnline(caller, body);
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
