import type { Minor } from '../../../shared/domain/money.ts';
import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import type { AppDatabase, TicketsTable } from '../../db/schema.ts';
import { precompiled, precompiledIn } from '../../db/precompiled.ts';
import { LOADING_TICKET_STATUSES } from '../../../shared/domain/workflows.ts';
import type { TicketLineRow, TicketRow } from './tickets.mappers.ts';
import type { BranchId } from '../../db/branch.ts';

/**
 * All SQL about placing a branch's tickets and reading them back: the ticket and its lines, the
 * kitchen's bucket loads, staff orders' keys, and the reads the kitchen and the dashboard reach
 * through the service. Made per branch (decision 062): every query names `branch`, so another
 * branch's ticket is not read or changed. Built on a handle: inside a transaction, build it on
 * the transaction. A guest's own tickets, at every branch, are `guestTickets`'.
 */
/** A line's columns, read beside its ticket's (`withLines`). */
const LINE_COLUMNS = [
  'branch_id',
  'id',
  'ticket_id',
  'order_id',
  'product_id',
  'name',
  'name_bn',
  'quantity',
  'price',
  'options',
  'note',
] as const;

/** Tickets with their lines (every kitchen card, placing's answer and event reads it: decision 075). */
const ticketsWithLines = precompiledIn(2, (db, branch: BranchId, ids: number[]) =>
  db
    .selectFrom('tickets as t')
    .leftJoin('ticket_lines as l', (join) => join.onRef('l.ticket_id', '=', 't.id').on('l.branch_id', '=', branch))
    .selectAll('t')
    .select(LINE_COLUMNS.map((c) => `l.${c} as line_${c}` as const))
    .where('t.branch_id', '=', branch)
    .where('t.id', 'in', ids)
    .orderBy('t.id', 'desc')
    .orderBy('l.id'),
);

type Bucket = { bucket: string; units: number };

/** A branch's kitchen loads between two buckets (its rows and its changes, added up) and its rules, in one read. */
const bucketsAndRules = precompiled(3, (db, branch: BranchId, from: string, to: string) => {
  const loads = (table: 'kitchen_buckets' | 'kitchen_bucket_changes') =>
    db
      .selectFrom(table)
      .select([sql<string>`'load'`.as('kind'), 'bucket_start', 'units'])
      .where('branch_id', '=', branch)
      .where('bucket_start', '>=', from)
      .where('bucket_start', '<=', to);
  const rules = db
    .selectFrom('kitchen_bucket_rules')
    .select([sql<string>`'rules'`.as('kind'), 'rules as bucket_start', sql<number>`0`.as('units')])
    .where('branch_id', '=', branch);
  return db
    .selectFrom(loads('kitchen_buckets').unionAll(loads('kitchen_bucket_changes')).unionAll(rules).as('l'))
    .select((eb) => ['l.kind', 'l.bucket_start', eb.fn.sum<number | string>('l.units').as('units')])
    .groupBy(['l.kind', 'l.bucket_start']);
});

/** Which of these reservations carry a dine-in ticket still loading the kitchen. */
const reservationsCarrying = precompiledIn(2, (db, branch: BranchId, ids: number[]) =>
  db
    .selectFrom('tickets')
    .select('reservation_id')
    .distinct()
    .where('branch_id', '=', branch)
    .where('reservation_id', 'in', ids)
    .where('status', 'in', LOADING_TICKET_STATUSES)
    .where('fulfilment', '=', 'dine_in'),
);

export function createTicketsRepository(db: Kysely<AppDatabase>, branch: BranchId) {
  return {
    /** Tickets by id (newest first) with their lines, in line order: one statement, each ticket joined with its lines. */
    async withLines(ids: number[]): Promise<{ row: TicketRow; lines: TicketLineRow[] }[]> {
      if (ids.length === 0) return [];
      const { rows } = await ticketsWithLines(db, branch, ids);
      const read: { row: TicketRow; lines: TicketLineRow[] }[] = [];
      for (const r of rows as unknown as Record<string, unknown>[]) {
        const ticket: Record<string, unknown> = {};
        const line: Record<string, unknown> = {};
        for (const key in r) {
          if (key.startsWith('line_')) line[key.slice(5)] = r[key];
          else ticket[key] = r[key];
        }
        if (read.at(-1)?.row.id !== ticket.id) read.push({ row: ticket as TicketRow, lines: [] });
        if (line.id !== null) read.at(-1)?.lines.push(line as TicketLineRow);
      }
      return read;
    },

    /** Every open (or awaiting payment) ticket's promise and weight: what the table of bucket loads is built from. */
    openLoads(): Promise<{ ready_at: string; units: number }[]> {
      return db
        .selectFrom('tickets')
        .select(['ready_at', 'units'])
        .where('branch_id', '=', branch)
        .where('status', 'in', LOADING_TICKET_STATUSES)
        .execute();
    },

    /** Which of these reservations an open dine-in ticket already carries the food of. */
    async carrying(reservationIds: number[]): Promise<Set<number>> {
      if (reservationIds.length === 0) return new Set();
      const { rows } = await reservationsCarrying(db, branch, reservationIds);
      return new Set(rows.map((r) => Number(r.reservation_id)));
    },

    /** The rules the bucket loads were spread under (undefined: never built). */
    async bucketRules(): Promise<string | undefined> {
      return (
        await db.selectFrom('kitchen_bucket_rules').select('rules').where('branch_id', '=', branch).executeTakeFirst()
      )?.rules;
    },

    /**
     * The loads of the buckets starting from `from` to `to` (ISO instants, both included): each
     * bucket's row plus its changes (migration 0027); with the rules they were spread under, in
     * the same statement (a placing's round trip less).
     */
    async bucketsWithRules(from: string, to: string): Promise<{ rules?: string; buckets: Bucket[] }> {
      const { rows } = await bucketsAndRules(db, branch, from, to);
      const buckets = rows
        .filter((r) => r.kind === 'load')
        .map((r) => ({ bucket: r.bucket_start, units: Number(r.units) }));
      return { rules: rows.find((r) => r.kind === 'rules')?.bucket_start, buckets };
    },

    /**
     * Adds units to buckets (negative units take them away) as rows of changes (migration 0027,
     * decision 052), in the transaction of the write that changes them (which holds the kitchen
     * shared): a ticket completed, cancelled or recalled, a promise its payment moved. Inserted,
     * not updated: no bucket's row is locked, so placings taking room in that bucket (each
     * holding its row to its commit) and these writes never wait for each other.
     */
    async addToBuckets(parts: { bucket: string; units: number }[]): Promise<void> {
      const changes = parts
        .filter((p) => p.units !== 0)
        .map((p) => ({ branch_id: branch, bucket_start: p.bucket, units: p.units }));
      if (changes.length > 0) await db.insertInto('kitchen_bucket_changes').values(changes).execute();
    },

    /**
     * `addToBuckets` when the loads were spread under `rules` (else nothing: the next placing
     * builds them again), the rules compared in the same statement.
     */
    async addToBucketsUnder(rules: string, parts: { bucket: string; units: number }[]): Promise<void> {
      const changes = parts.filter((p) => p.units !== 0);
      if (changes.length === 0) return;
      const rows = sql.join(
        changes.map((p) => sql`select cast(${p.bucket} as text) as bucket_start, cast(${p.units} as integer) as units`),
        sql` union all `,
      );
      await sql`insert into kitchen_bucket_changes (branch_id, bucket_start, units)
        select cast(${branch} as integer), c.bucket_start, c.units from (${rows}) as c where exists (select 1 from kitchen_bucket_rules where branch_id = ${branch} and rules = ${rules})`.execute(
        db,
      );
    },

    /** Replaces every bucket load with `loads` (bucket start → units), spread under `rules`. */
    async replaceBuckets(rules: string, loads: Map<string, number>): Promise<void> {
      await db.deleteFrom('kitchen_buckets').where('branch_id', '=', branch).execute();
      await db.deleteFrom('kitchen_bucket_changes').where('branch_id', '=', branch).execute();
      const rows = [...loads].map(([bucket_start, units]) => ({ branch_id: branch, bucket_start, units }));
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('kitchen_buckets')
          .values(rows.slice(i, i + 500))
          .execute();
      await db
        .insertInto('kitchen_bucket_rules')
        .values({ branch_id: branch, rules })
        .onConflict((oc) => oc.column('branch_id').doUpdateSet({ rules }))
        .execute();
    },

    /** Writes a ticket and copies of its lines; its id. */
    async insert(
      ticket: Omit<Insertable<TicketsTable>, 'seq'> & { seq: number | RawBuilder<number> },
      lines: {
        order_id: number | null;
        product_id: number;
        name: string;
        name_bn: string;
        quantity: number;
        price: Minor;
        options: string;
        note?: string | null;
      }[],
    ): Promise<number> {
      const { id } = await db
        .insertInto('tickets')
        .values({ ...ticket, branch_id: branch })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('ticket_lines')
        .values(lines.map((l) => ({ branch_id: branch, ticket_id: id, ...l })))
        .execute();
      return id;
    },

    /**
     * Claims an order's key for this transaction: true when it was free. The key is the table's
     * primary key, so of two transactions claiming one key the second waits for the first and
     * then finds it taken (PostgreSQL), or cannot run alongside it at all (SQLite).
     */
    async claimKey(key: string, bodyHash: string, at: string): Promise<boolean> {
      const row = await db
        .insertInto('ticket_keys')
        .values({ branch_id: branch, key, body_hash: bodyHash, ticket_id: null, created_at: at })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The ticket a claimed key placed, in the claiming transaction. */
    async keyPlaced(key: string, ticketId: number): Promise<void> {
      await db
        .updateTable('ticket_keys')
        .set({ ticket_id: ticketId })
        .where('branch_id', '=', branch)
        .where('key', '=', key)
        .execute();
    },

    /** What a key was used for at this branch (undefined: never). */
    keyOf(key: string): Promise<{ body_hash: string; ticket_id: number | null } | undefined> {
      return db
        .selectFrom('ticket_keys')
        .select(['body_hash', 'ticket_id'])
        .where('branch_id', '=', branch)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** What a payment's outcome needs of its ticket. */
    forPayment(id: number) {
      return db
        .selectFrom('tickets')
        .select(['id', 'status', 'user_id', 'ready_at', 'units', 'scheduled', 'fulfilment', 'number'])
        .where('branch_id', '=', branch)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Moves a ticket awaiting its payment on, only if it still awaits it (compare-and-set); whether it did. */
    async settleAwaiting(
      id: number,
      set: {
        status: 'received' | 'cancelled';
        payment?: string;
        ready_at?: string;
        arrive_at?: string | null;
        scheduled?: number;
        cancel_reason?: string;
        cancelled_at?: string;
      },
    ): Promise<boolean> {
      const changed = await db
        .updateTable('tickets')
        .set(set)
        .where('branch_id', '=', branch)
        .where('id', '=', id)
        .where('status', '=', 'awaiting_payment')
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) === 1;
    },

    /** A cancelled ticket's lines keep their copies but no longer hold the booking orders. */
    async releaseLines(ticketId: number): Promise<void> {
      await db
        .updateTable('ticket_lines')
        .set({ order_id: null })
        .where('branch_id', '=', branch)
        .where('ticket_id', '=', ticketId)
        .execute();
    },

    /** A local day's tickets, as much of each as the day's figures need. */
    ofDay(date: string) {
      return db
        .selectFrom('tickets')
        .select(['status', 'payment', 'total', 'placed_at', 'ready_at', 'ready_marked_at'])
        .where('branch_id', '=', branch)
        .where('local_date', '=', date)
        .execute();
    },
  };
}
