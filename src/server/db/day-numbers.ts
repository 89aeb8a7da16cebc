import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Engine } from './database.ts';
import type { AppDatabase } from './schema.ts';
import type { BranchId } from './branch.ts';

/**
 * The day's numbers of tickets (A-001…) and bills (B-001…), per local day, without a gap or a
 * repeat, on any number of app servers (decision 046). A row is written first with a
 * provisional number (`provisionalSeq`: negative, never committed) and numbered by
 * `numberRows` as the last write of its transaction: one statement moves the day's counter row
 * on (`day_numbers`, an upsert answering the new numbers) and, on PostgreSQL, gives the rows
 * their numbers in the same statement. The counter's row lock orders the numbers, and it is held
 * from that statement to the commit only; a transaction undone gives its numbers back with it.
 * The unique (branch_id, local_date, seq) of tickets and of bills refuse a repeat whatever happens;
 * numbers count per branch (migration 0037): each function is given the branch whose day it numbers.
 */

/**
 * A number no committed row has and no other transaction in flight uses: the backend's process
 * id, negative, on PostgreSQL (one transaction at a time per backend, and each numbers at most
 * one ticket and one bill); -1 on SQLite, where one transaction writes at a time.
 */
export function provisionalSeq(engine: Engine): RawBuilder<number> {
  return engine === 'postgres' ? sql<number>`-pg_backend_pid()` : sql<number>`-1`;
}

/** `A-007`, `B-1234`: the prefix and the number, at least three digits. */
export const dayNumber = (prefix: 'A' | 'B', seq: number) => `${prefix}-${String(seq).padStart(3, '0')}`;

/** The same as dayNumber, in SQL (PostgreSQL). */
const numberSql = (prefix: 'A' | 'B', seq: RawBuilder<number>) =>
  sql<string>`${`${prefix}-`} || lpad(${seq}::text, greatest(3, length(${seq}::text)), '0')`;

export interface ToNumber {
  ticketId?: number | undefined;
  billId?: number | undefined;
}

/**
 * Moves the day's counter on by one ticket and/or one bill and answers their numbers. A day's
 * first number continues from the highest that day already has (rows numbered before the
 * counter, or written by other means).
 */
function counterUpsert(
  engine: Engine,
  branchId: BranchId,
  day: string,
  tickets: 0 | 1,
  bills: 0 | 1,
  when?: RawBuilder<unknown>,
): RawBuilder<{ tickets: number; bills: number }> {
  const greatest = sql.raw(engine === 'postgres' ? 'greatest' : 'max');
  const branch = sql`cast(${branchId} as integer)`;
  const first = sql`${branch}, ${day}, (select coalesce(max(seq), 0) from tickets where branch_id = ${branch} and local_date = ${day} and seq > 0) + ${tickets}, (select coalesce(max(seq), 0) from bills where branch_id = ${branch} and local_date = ${day} and seq > 0) + ${bills}`;
  return sql`insert into day_numbers as d (branch_id, local_date, tickets, bills)
    ${when === undefined ? sql`values (${first})` : sql`select ${first} where ${when}`}
    on conflict (branch_id, local_date) do update set tickets = ${greatest}(d.tickets, excluded.tickets - ${tickets}) + ${tickets}, bills = ${greatest}(d.bills, excluded.bills - ${bills}) + ${bills}
    returning tickets, bills`;
}

/**
 * The common table expressions that number a ticket and/or a bill of `day` on PostgreSQL (at
 * least one of them): `n` (the counter moved on, answering `tickets` and `bills`), `t` and `b`
 * (the rows given their numbers); with `when`, only if that holds (nothing numbered otherwise),
 * which PostgreSQL then works out before it takes the counter's row. For numberRows, and for a placing that takes its kitchen room
 * in the same statement (kitchen-room.ts).
 */
export function numberingSql(
  branch: BranchId,
  day: string,
  rows: ToNumber,
  when?: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const n = (column: 'tickets' | 'bills') => sql.raw<number>(`n.${column}`);
  const ticketUpdate =
    rows.ticketId === undefined
      ? sql`select 1`
      : sql`update tickets set seq = n.tickets, number = ${numberSql('A', n('tickets'))} from n where tickets.id = ${rows.ticketId}`;
  const billUpdate =
    rows.billId === undefined
      ? sql`select 1`
      : sql`update bills set seq = n.bills, number = ${numberSql('B', n('bills'))} from n where bills.id = ${rows.billId}`;
  return sql`n as (${counterUpsert('postgres', branch, day, rows.ticketId === undefined ? 0 : 1, rows.billId === undefined ? 0 : 1, when)}), t as (${ticketUpdate}), b as (${billUpdate})`;
}

/**
 * Numbers a ticket and/or a bill of `day` written with provisionalSeq, in the caller's
 * transaction, as its last write. On PostgreSQL one statement; on SQLite (its write lock already
 * held) the counter, then each row.
 */
export async function numberRows(
  trx: Kysely<AppDatabase>,
  engine: Engine,
  branch: BranchId,
  day: string,
  rows: ToNumber,
): Promise<{ ticket?: number; bill?: number }> {
  const tickets = rows.ticketId === undefined ? 0 : 1;
  const bills = rows.billId === undefined ? 0 : 1;
  if (tickets + bills === 0) return {};
  if (engine === 'postgres') {
    const result = await sql<{
      tickets: number;
      bills: number;
    }>`with ${numberingSql(branch, day, rows)} select tickets, bills from n`.execute(trx);
    const got = result.rows[0] as { tickets: number; bills: number };
    return { ...(tickets ? { ticket: Number(got.tickets) } : {}), ...(bills ? { bill: Number(got.bills) } : {}) };
  }
  const got = (await counterUpsert(engine, branch, day, tickets, bills).execute(trx)).rows[0] as {
    tickets: number;
    bills: number;
  };
  if (rows.ticketId !== undefined)
    await trx
      .updateTable('tickets')
      .set({ seq: Number(got.tickets), number: dayNumber('A', Number(got.tickets)) })
      .where('id', '=', rows.ticketId)
      .execute();
  if (rows.billId !== undefined)
    await trx
      .updateTable('bills')
      .set({ seq: Number(got.bills), number: dayNumber('B', Number(got.bills)) })
      .where('id', '=', rows.billId)
      .execute();
  return { ...(tickets ? { ticket: Number(got.tickets) } : {}), ...(bills ? { bill: Number(got.bills) } : {}) };
}

/** The next number of a day for a row about to be written (the counter's row then held to the commit): a bill opened outside a placing. */
export async function takeNumber(
  trx: Kysely<AppDatabase>,
  engine: Engine,
  branch: BranchId,
  day: string,
  kind: 'bills',
): Promise<number> {
  const got = (await counterUpsert(engine, branch, day, 0, 1).execute(trx)).rows[0] as {
    tickets: number;
    bills: number;
  };
  return Number(got[kind]);
}
