import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditKind, AuditQuery, AuditReport } from '../../../shared/contract/audit.ts';
import type { Bill } from '../../../shared/contract/bills.ts';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { AuditEntriesTable } from '../../db/schema/system.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import { auditReport } from './audit-report.ts';
import { type DishState, dishStateOf } from './audit-dishes.ts';
import { type Minor, asMinor, subtractMinor } from '../../../shared/domain/money.ts';
import { type BranchId, MAIN_BRANCH_ID, asBranchId } from '../../db/branch.ts';

/**
 * The audit trail of money and power (issue 60, decision 056). The routes where an act happens
 * call one function here once the act has committed, with the request: who did it (the caller,
 * copied), from which address (`request.ip`, the proxies trusted as TRUST_PROXY says) and what
 * changed from what. Entries are only ever inserted (the table's triggers refuse the rest); an
 * act told twice (a repeated key) is kept once by its `ref`.
 *
 * Writing the entry after the act, not in its transaction, keeps the acts' own code untouched;
 * an entry that cannot be written is logged as an error (the act stands, and is in its own rows).
 *
 * An entry is a branch's (decision 062): an act on a branch's row (a bill's discount, payment or
 * give-back, a ticket's cancel and its refunds, a printer's secret, a reprint) is written at that
 * row's branch, or the request's, and the report reads the request's branch.
 */
export interface AuditDeps {
  restaurant: Pick<RestaurantService, 'at'>;
  now: () => number;
  log: { error: (details: object, message: string) => void };
}

export interface AuditAct {
  kind: AuditKind;
  subject: string;
  /** The row the act made, when it has its own: the same ref of a kind is kept once. */
  ref?: string;
  /** Minor units. */
  amount?: Minor | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  /** When the act happened, when its row says (else now). */
  at?: string;
  /**
   * The branch the act was at: its row's own, else the request's. None: an act of the brand (a
   * dish's price or sold-out switch, the settings, a role), which has no branch of its own.
   */
  branch?: BranchId;
}

/**
 * Where an act of the brand is written (decision 062): the audit table keeps every entry at a
 * branch, and the brand's own acts have none yet, so they are kept at the first branch for now,
 * whose report lists them; a home of their own (a brand-wide report) is still to come.
 */
const BRAND_ACTS_BRANCH = MAIN_BRANCH_ID;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export function createAuditService(db: Kysely<AppDatabase>, deps: AuditDeps) {
  async function insert(request: FastifyRequest, act: AuditAct): Promise<void> {
    const caller = request.caller;
    if (!caller) return;
    try {
      const branch = act.branch ?? BRAND_ACTS_BRANCH;
      // Its day is the local day of the branch it was done at.
      const settings: RestaurantSettings = await deps.restaurant.at(branch).get();
      const at = act.at ?? new Date(deps.now()).toISOString();
      const row: Omit<AuditEntriesTable, 'id' | 'branch_id'> & { branch_id: BranchId } = {
        branch_id: branch,
        at,
        local_date: wallClockOf(at, settings.timeZone).date,
        kind: act.kind,
        ref: act.ref ?? null,
        staff_id: caller.id,
        staff_name: caller.name,
        staff_email: caller.email,
        staff_role: caller.role,
        address: request.ip,
        subject: act.subject,
        amount: act.amount ?? null,
        reason: act.reason ?? null,
        before: json(act.before),
        after: json(act.after),
      };
      await db
        .insertInto('audit_entries')
        .values(row)
        .onConflict((conflict) => conflict.columns(['kind', 'ref']).doNothing())
        .execute();
    } catch (error) {
      deps.log.error(
        { err: error, kind: act.kind, subject: act.subject, staffId: caller.id },
        'could not write an audit entry',
      );
    }
  }

  /** A bill's label for an entry, from its id, read at `branch` (another branch's bill: its id only). */
  async function billNumber(id: number | string, branch: BranchId): Promise<string> {
    const row = await db
      .selectFrom('bills')
      .select('number')
      .where('id', '=', Number(id))
      .where('branch_id', '=', branch)
      .executeTakeFirst();
    return `Bill ${row?.number ?? id}`;
  }

  const dishState = (id: number) => dishStateOf(db, id);

  return {
    /** Any act, as the route tells it. */
    record: insert,

    /** POST /api/v1/bills/{id}/discounts: the caller's discounts on the bill (a repeated key finds its own already kept), at the bill's branch. */
    async discounted(request: FastifyRequest, bill: Bill): Promise<void> {
      const branch = asBranchId(Number(bill.branchId));
      const rows = await db
        .selectFrom('bill_discounts')
        .select(['id', 'amount', 'percent_bp', 'reason', 'created_at'])
        .where('branch_id', '=', branch)
        .where('bill_id', '=', Number(bill._id))
        .where('by_user_id', '=', request.caller?.id ?? -1)
        .execute();
      for (const row of rows) {
        const shown = bill.discounts.find((d) => d._id === String(row.id));
        const amount = shown ? toMinorUnits(shown.amount) : row.amount;
        await insert(request, {
          kind: 'discount',
          branch,
          ref: String(row.id),
          subject: `Bill ${bill.number}`,
          amount,
          reason: row.reason,
          after: row.percent_bp !== null ? { percent: Number(row.percent_bp) / 100 } : { amount },
          at: row.created_at,
        });
      }
    },

    /**
     * POST /api/v1/kitchen/tickets/{id}/status, to cancelled: the cancel (after cooking started when
     * the kitchen had started it), and the online refunds it sent: at the kitchen's `branch`, the ticket's.
     */
    async ticketMoved(request: FastifyRequest, ticketId: number, branch: BranchId): Promise<void> {
      const ticket = await db
        .selectFrom('tickets')
        .select(['number', 'status', 'total', 'started_at', 'cancelled_at', 'cancel_reason', 'bill_id'])
        .where('id', '=', ticketId)
        .where('branch_id', '=', branch)
        .executeTakeFirst();
      if (!ticket || ticket.status !== 'cancelled' || !ticket.cancelled_at) return;
      await insert(request, {
        kind: 'cancel',
        branch,
        ref: String(ticketId),
        subject: `Order ${ticket.number}`,
        amount: asMinor(ticket.total),
        reason: ticket.cancel_reason,
        before: { cooking: ticket.started_at !== null, startedAt: ticket.started_at },
        after: { status: 'cancelled' },
        at: ticket.cancelled_at,
      });
      let refunds = db
        .selectFrom('payment_refunds')
        .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
        .select([
          'payment_refunds.id',
          'payment_refunds.amount',
          'payment_refunds.reason',
          'payment_refunds.created_at',
          'payments.provider',
        ])
        .where('payment_refunds.created_at', '>=', ticket.cancelled_at);
      refunds =
        ticket.bill_id !== null
          ? refunds.where((eb) =>
              eb.or([eb('payments.ticket_id', '=', ticketId), eb('payments.bill_id', '=', ticket.bill_id)]),
            )
          : refunds.where('payments.ticket_id', '=', ticketId);
      for (const refund of await refunds.execute()) {
        await insert(request, {
          kind: 'refund',
          branch,
          ref: String(refund.id),
          subject: `Order ${ticket.number}`,
          amount: asMinor(refund.amount),
          reason: refund.reason,
          after: { provider: refund.provider },
          at: refund.created_at,
        });
      }
    },

    billNumber,

    /** A dish before a change, for `dishChanged`. */
    dishState,

    /** PATCH of a dish or of one of its option values: a price change and a sold-out switch are entries of their own. */
    async dishChanged(request: FastifyRequest, id: number, before: DishState | undefined): Promise<void> {
      const after = await dishState(id);
      if (!before || !after) return;
      const prices = (s: DishState) => ({
        price: s.price,
        options: Object.fromEntries(Object.entries(s.options).map(([k, v]) => [k, { name: v.name, price: v.price }])),
      });
      if (JSON.stringify(prices(before)) !== JSON.stringify(prices(after))) {
        await insert(request, {
          kind: 'price',
          subject: `Dish ${after.name}`,
          amount: subtractMinor(after.price, before.price),
          before: prices(before),
          after: prices(after),
        });
      }
      const availability = (s: DishState) => ({
        available: s.available,
        soldOutUntil: s.soldOutUntil,
        options: Object.fromEntries(
          Object.entries(s.options).map(([k, v]) => [k, { name: v.name, available: v.available }]),
        ),
      });
      if (JSON.stringify(availability(before)) !== JSON.stringify(availability(after))) {
        await insert(request, {
          kind: 'sold-out',
          subject: `Dish ${after.name}`,
          before: availability(before),
          after: availability(after),
        });
      }
    },

    /** PATCH /api/v1/restaurant: the settings that changed, from what. */
    async settingsChanged(
      request: FastifyRequest,
      before: RestaurantSettings,
      after: RestaurantSettings,
    ): Promise<void> {
      const keys = (Object.keys(after) as (keyof RestaurantSettings)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      if (keys.length === 0) return;
      await insert(request, {
        kind: 'settings',
        subject: 'Settings',
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      });
    },

    /** A user's role now, before it is changed. */
    async roleOf(id: number): Promise<string | undefined> {
      return (await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())?.role;
    },

    /** PATCH /api/v1/users/users/{id}: a role that changed. */
    async roleChanged(
      request: FastifyRequest,
      user: { _id: string; name: string; email: string; role: string },
      before: string | undefined,
    ): Promise<void> {
      if (before === user.role) return;
      await insert(request, {
        kind: 'role',
        subject: `Account ${user.name} <${user.email}>`,
        before: { role: before ?? null },
        after: { role: user.role },
      });
    },

    /** GET /api/v1/reports/audit: a branch's entries, newest first, and per staff member and day the voids and discounts. */
    async report(query: AuditQuery, branch: BranchId): Promise<AuditReport> {
      return auditReport(db, query, branch);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
