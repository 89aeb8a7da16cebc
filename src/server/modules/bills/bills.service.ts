import { type BranchId, MAIN_BRANCH_ID, asBranchId } from '../../db/branch.ts';
import type { Kysely } from 'kysely';
import { roleAtLeast } from '../../../shared/constants.ts';
import type { BillPaymentBody } from '../../../shared/contract/payments.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type KeyScope, claimKey } from '../../db/request-keys.ts';
import { dayNumber, provisionalSeq, takeNumber } from '../../db/day-numbers.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { MessageCode } from '../../../shared/contract/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { DomainEvents } from '../../events/event-bus.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { BranchPlace } from '../branches/branches.service.ts';
import { type BillLedger, createBillLedger } from './bills.ledger.ts';
import type { BillSources, TicketsOnBills } from './bill-sources.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { createBillsOnline } from './bills-online.ts';
import { type MovesContext, type Party, createBillMoves } from './bill-moves.ts';
import { type BillRow, type BillsAt, createBillsRepository } from './bills.repository.ts';
import { createReceipts } from './receipt.ts';
import { type BillViews, createBillViews } from './bill-views.ts';
import { createBillReads } from './bill-reads.ts';
import { createBillAdjustments } from './bill-adjustments.ts';
import { createBillPayments } from './bill-payments.ts';
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
  /** A branch's settings with its names from the second branch on (its receipt names it); without it, its settings alone. */
  places?: (branch: BranchId) => Promise<BranchPlace>;
}

/**
 * What the service's parts share with it: its handle and deps, the ledger, the bill as the
 * contract has it (bill-views.ts), who may read a bill, a keyed change and what runs once committed.
 * The reads are in bill-reads.ts, the discounts and splits in bill-adjustments.ts, the payments
 * and refunds taken at the restaurant in bill-payments.ts, the other modules' moves in bill-moves.ts.
 */
export interface BillsContext {
  db: Kysely<AppDatabase>;
  deps: BillsDeps;
  ledger: BillLedger;
  nowIso: () => string;
  withAmounts: BillViews['withAmounts'];
  views: BillViews['views'];
  viewWithAmounts: BillViews['viewWithAmounts'];
  view: BillViews['view'];
  readerAt(caller: Caller, id: number, branch: BranchId | undefined): Promise<BillsAt>;
  afterCommit: MovesContext['afterCommit'];
  keyedChange(
    id: number,
    branch: BranchId,
    scope: KeyScope,
    key: string | undefined,
    body: object,
    reused: MessageCode,
    work: (trx: Kysely<AppDatabase>, row: BillRow, request: string) => Promise<() => Promise<void>>,
  ): Promise<(() => Promise<void>) | undefined>;
}

export function createBillsService(db: Kysely<AppDatabase>, engine: Engine, deps: BillsDeps) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();
  const sources: BillSources = { tickets: deps.tickets, catalog: deps.catalog, payments: deps.payments };
  const ledger = createBillLedger(engine, sources, deps.payments ? { onlineRefunds: deps.payments.refunds } : {});
  const { lockBill } = ledger;
  const { withAmounts, views, viewWithAmounts, view } = createBillViews(ledger);

  /** Once committed: the refunds a change set aside go to their provider, and the Floor and the paid tickets' guests hear of it. */
  function afterCommit(
    bill: Pick<BillRow, 'id' | 'branch_id'>,
    outcome: { refundIds: number[]; paidTickets: { id: number; userId: number | null }[] },
  ): () => Promise<void> {
    return async () => {
      await ledger.sendRefunds(outcome.refundIds);
      announce(bill, outcome.paidTickets);
    };
  }

  /**
   * Once committed: the Floor hears the bill's money changed, and the guests of the tickets it paid
   * that they are paid; a paid bill is told with its own branch, whose receipt printer prints it.
   */
  function announce(
    bill: Pick<BillRow, 'id' | 'branch_id'>,
    paidTickets: { id: number; userId: number | null }[],
  ): void {
    void deps.events?.emit({ type: 'bill.changed', billId: bill.id, branchId: asBranchId(bill.branch_id) });
    if (paidTickets.length > 0)
      void deps.events?.emit({
        type: 'bill.paid',
        billId: bill.id,
        branchId: asBranchId(bill.branch_id),
        tickets: paidTickets,
      });
  }

  /**
   * Opens a bill (numbered B-001… per local day, decision 046): numbered now (the day's counter
   * then held to the commit), or, `numberLater`, written with a provisional number that the
   * placing's last statement replaces (numberRows).
   */
  async function openBill(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    bill: { branch: BranchId; fulfilment: Fulfilment; tableId: number | null; reservation: Party | null },
    now: string,
    numberLater = false,
  ): Promise<BillRow> {
    const repository = createBillsRepository(trx);
    const day = wallClockOf(now, settings.timeZone).date;
    const seq = numberLater ? undefined : await takeNumber(trx, engine, bill.branch, day, 'bills');
    const dineIn = bill.fulfilment === 'dine_in';
    return repository.insert({
      branch_id: bill.branch,
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
   * without one) the change simply runs. The bill is held at staff's `branch`: another branch's is
   * 404 and nothing changes (decision 062).
   */
  async function keyedChange(
    id: number,
    branch: BranchId,
    scope: KeyScope,
    key: string | undefined,
    body: object,
    reused: MessageCode,
    work: (trx: Kysely<AppDatabase>, row: BillRow, request: string) => Promise<() => Promise<void>>,
  ): Promise<(() => Promise<void>) | undefined> {
    const request = JSON.stringify(body);
    return db.transaction().execute(async (trx) => {
      const row = await lockBill(trx, id, branch);
      if (!row) throw notFound('noSuchBill');
      const claim =
        key === undefined ? 'new' : await claimKey(trx, scope, key, JSON.stringify({ billId: id, ...body }), nowIso());
      if (claim === 'other') throw new HttpError(409, reused);
      if (claim === 'same') return undefined;
      return work(trx, row, request);
    });
  }

  /**
   * Where `caller` reads bill `id` (decision 062): staff at the request's `branch` (another
   * branch's bill then answers 404); a guest, or staff with no branch given, across the brand
   * when a ticket of theirs is on it (else 404): a guest is the brand's.
   */
  async function readerAt(caller: Caller, id: number, branch: BranchId | undefined): Promise<BillsAt> {
    if (branch !== undefined && roleAtLeast(caller.role, 'staff')) return branch;
    if (!(await deps.tickets.hasOnBill(db, id, caller.id))) throw notFound('noSuchBill');
    return 'brand';
  }

  const context = { db, deps, ledger, nowIso, view, viewWithAmounts, keyedChange, afterCommit };
  const reads = createBillReads({ db, deps, ledger, withAmounts, views, viewWithAmounts, view, readerAt });
  const service = {
    ...createBillMoves(engine, deps, { ledger, nowIso, openBill, afterCommit }),
    ...createReceipts({
      branchOf: async (id) =>
        asBranchId((await createBillsRepository(db).bill(id, 'brand'))?.branch_id ?? MAIN_BRANCH_ID),
      place: async (branch) => (await deps.places?.(branch)) ?? { settings: await deps.restaurant.at(branch).get() },
      bill: (at, id, settings, language) => view(db, at, id, settings, language),
      readerAt,
      nowIso,
    }),
    ...reads,
    /** Sends the live events of a bill that `recordSucceeded` counted a payment on, and of the tickets it paid (after the commit). */
    announcePaid: announce,
    /**
     * Staff's bills at a branch (decision 062): their list, and their acts on a bill by id (a
     * discount, a split, a payment, a give-back), which answer 404 for another branch's bill and
     * change nothing. A bill read by id (`one`, `receipt`, `payable`) takes the branch as it is asked.
     */
    at: (branch: BranchId) => ({
      list: (filter: Parameters<typeof reads.list>[1], asked?: Language) => reads.list(branch, filter, asked),
      ...createBillAdjustments(context, branch),
      ...createBillPayments(context, branch),
    }),
  };

  const online = deps.payments
    ? createBillsOnline(deps.payments, {
        ...service,
        restaurant: deps.restaurant,
        lockBill: (trx, id) => lockBill(trx, id, 'brand'),
        log: deps.log ?? { warn: () => {} },
      })
    : undefined;
  return {
    ...service,
    /** POST /api/v1/payments: a bill's due paid online (bills-online.ts), by its guest or by staff at `branch`. */
    payOnline: (caller: Caller, body: BillPaymentBody, branch?: BranchId) => {
      if (!online) throw new Error('bills were made without payments');
      return online.payOnline(caller, body, branch);
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
