import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { call } from '../../support/records.ts';
import { named, order, post, useStaffOrderWorld } from '../../support/staff-orders.ts';
import { until } from '../../support/until.ts';

/**
 * Migration 0037 (decision 062, phase 2a) on a database filled by the server's own writes over
 * two days, as the evening bench writes them (staff orders for pick-up and at tables, their
 * bills, some paid with receipt numbers, phone bookings, the kitchen's loads): the database is
 * taken back to 0036 (what an install has today), then 0037 applied. Every row stays, with
 * branch 1, its numbers unchanged; then the database itself keeps ticket and bill numbers, day
 * counters, receipt numbers, kitchen buckets and table names unique per branch: a second branch
 * may repeat branch 1's, branch 1 may not. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'branch-rows-owner@example.com', password: 'branch-rows-owner-password' };
const DAYS = ['2026-06-01', '2026-06-02'];
let clock = Date.parse(`${DAYS[0]}T12:00:00.000Z`);
const test = useStaffOrderWorld(ADMIN, () => clock);
/** A uniqueness refused, on either engine (not some other fault of the row). */
const UNIQUE = /unique|duplicate key/i;

/** The scoped tables, each read in a stable order. */
const SCOPED: [string, string][] = [
  ['dining_tables', 'id'],
  ['table_combinations', 'id'],
  ['reservations', 'id'],
  ['table_holds', 'reservation_id, table_id'],
  ['tickets', 'id'],
  ['ticket_lines', 'id'],
  ['ticket_keys', 'key'],
  ['bills', 'id'],
  ['bill_discounts', 'id'],
  ['bill_payments', 'id'],
  ['bill_refunds', 'id'],
  ['payments', 'id'],
  ['payment_refunds', 'id'],
  ['cash_counts', 'id'],
  ['kitchen_buckets', 'bucket_start'],
  ['kitchen_bucket_changes', 'id'],
  ['kitchen_bucket_rules', 'rules'],
  ['day_numbers', 'local_date'],
  ['receipt_counter', 'last_number'],
  ['printers', 'id'],
  ['print_jobs', 'id'],
  ['audit_entries', 'id'],
];

describe("migration 0037: every branch-scoped row is branch 1's, every uniqueness per branch", () => {
  test(
    'a filled database keeps every row and number, and the keys hold per branch',
    { timeout: 120_000 },
    async ({ t, admin, staff, dishes }) => {
      const tacos = named(dishes, 'Beef Tacos');
      const tables = ((await call(t, 'GET', '/api/v1/tables', admin)).json().data as { _id: string }[]).map(
        (x) => x._id,
      );
      expect(tables.length).toBeGreaterThanOrEqual(2);
      // A kitchen printer: every ticket makes a print job.
      expect(
        (
          await call(t, 'POST', '/api/v1/printers', admin, {
            name: 'Grill',
            role: 'kitchen',
            categories: [tacos.category],
            paperWidth: 80,
          })
        ).statusCode,
      ).toBe(201);
      for (const [d, day] of DAYS.entries()) {
        clock = Date.parse(`${day}T12:00:00.000Z`);
        const pickups: Ticket[] = [];
        for (let i = 0; i < 4; i += 1) {
          const placed = await post(t, staff, order(tacos));
          expect(placed.statusCode).toBe(201);
          pickups.push(placed.json().data as Ticket);
        }
        // One cooked and handed over, one cancelled: the kitchen's loads change.
        for (const status of ['preparing', 'ready', 'completed'])
          expect(
            (await call(t, 'POST', `/api/v1/kitchen/tickets/${pickups[0]?._id}/status`, staff, { status })).statusCode,
          ).toBe(200);
        expect(
          (
            await call(t, 'POST', `/api/v1/kitchen/tickets/${pickups[1]?._id}/status`, staff, {
              status: 'cancelled',
              reason: 'Guest left',
            })
          ).statusCode,
        ).toBe(200);
        for (const table of tables.slice(0, 2)) {
          for (let i = 0; i < 2; i += 1)
            expect((await post(t, staff, order(tacos, { fulfilment: 'dine_in', tableId: table }))).statusCode).toBe(
              201,
            );
        }
        const booked = await call(t, 'POST', '/api/v1/reservations', staff, {
          date: DAYS[1],
          time: d === 0 ? '19:00' : '20:00',
          partySize: 2,
          name: `Phone guest ${d}`,
          phone: '+880 1711-000000',
          source: 'phone',
        });
        expect(booked.statusCode).toBe(201);
        // Half the day's bills paid in cash, the first after a discount: receipt numbers given, an audit entry.
        const open = (await call(t, 'GET', `/api/v1/bills?status=open&date=${day}`, staff)).json().data as {
          _id: string;
        }[];
        for (const [i, { _id: id }] of open.entries()) {
          if (i % 2 === 1) continue;
          if (i === 0)
            expect(
              (await call(t, 'POST', `/api/v1/bills/${id}/discounts`, staff, { percent: 10, reason: 'Regulars' }))
                .statusCode,
            ).toBe(200);
          const { due } = (await call(t, 'GET', `/api/v1/bills/${id}`, staff)).json().data as { due: number };
          const paid = await call(t, 'POST', `/api/v1/bills/${id}/payments`, staff, {
            method: 'cash',
            amount: due,
            key: `branch-rows-pay-${day}-${i}`,
          });
          expect(paid.statusCode).toBe(201);
        }
        expect(
          (await call(t, 'POST', '/api/v1/reports/cash-count', admin, { date: day, counted: 10 })).statusCode,
        ).toBe(200);
      }
      await until(
        async () => (await t.database.db.selectFrom('print_jobs').select('id').execute()).length >= 16,
        'the print jobs',
      );
      await t.app.close();
      const { db } = t.database;

      // Back to what an install has today (schema 0036), then 0037 as an upgrade runs it.
      await migrateToLatest(db, '0036-branches');
      const read = async (table: string, orderBy: string) =>
        (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.raw(orderBy)}`.execute(db))
          .rows;
      const before = new Map<string, Record<string, unknown>[]>();
      for (const [table, orderBy] of SCOPED) before.set(table, await read(table, orderBy));
      expect(before.get('tickets')).toHaveLength(16);
      expect((before.get('bills') ?? []).filter((b) => b.receipt_number !== null).length).toBeGreaterThanOrEqual(4);
      expect(before.get('reservations')).toHaveLength(2);
      expect((before.get('kitchen_buckets') ?? []).length).toBeGreaterThan(0);
      expect(before.get('day_numbers')).toHaveLength(2);
      expect(before.get('receipt_counter')).toHaveLength(1);
      for (const table of [
        'kitchen_bucket_changes',
        'kitchen_bucket_rules',
        'bill_discounts',
        'bill_payments',
        'cash_counts',
        'printers',
        'print_jobs',
        'audit_entries',
        'ticket_lines',
        'ticket_keys',
      ])
        expect((before.get(table) ?? []).length, table).toBeGreaterThan(0);

      await migrateToLatest(db);
      for (const [table, orderBy] of SCOPED) {
        const after = await read(table, orderBy);
        const expected = (before.get(table) ?? []).map((row) => {
          const { id: _id, ...rest } = row;
          return { ...(table === 'receipt_counter' || table === 'kitchen_bucket_rules' ? rest : row), branch_id: 1 };
        });
        expect(after, table).toEqual(expected);
      }

      // A second branch may repeat branch 1's numbers and names; branch 1 may not.
      await sql`insert into branches (id, slug, name_bn, position, archived_at, created_at) values (2, 'gulshan', null, 2, null, '2026-11-29T00:00:00.000Z')`.execute(
        db,
      );
      const ticket = (before.get('tickets') ?? [])[0] as Record<string, unknown>;
      const copyTicket = (branch: number) => {
        const { id: _id, branch_id: _branch, bill_id: _bill, ...rest } = ticket;
        return db
          .insertInto('tickets')
          .values({ ...rest, bill_id: null, branch_id: branch } as never)
          .execute();
      };
      await expect(copyTicket(1)).rejects.toThrow(UNIQUE);
      await copyTicket(2);
      expect(
        Number(
          (
            await sql<{
              n: number;
            }>`select count(*) as n from tickets where local_date = ${ticket.local_date as string} and seq = ${ticket.seq as number}`.execute(
              db,
            )
          ).rows[0]?.n,
        ),
      ).toBe(2);

      const paidBill = (before.get('bills') ?? []).find((b) => b.receipt_number !== null) as Record<string, unknown>;
      const copyBill = (branch: number) => {
        const { id: _id, branch_id: _branch, table_id: _table, reservation_id: _reservation, ...rest } = paidBill;
        return db
          .insertInto('bills')
          .values({ ...rest, table_id: null, reservation_id: null, branch_id: branch } as never)
          .execute();
      };
      await expect(copyBill(1)).rejects.toThrow(UNIQUE);
      await copyBill(2); // the same day's number and the same receipt number, at another branch

      const tableName = String((before.get('dining_tables') ?? [])[0]?.name);
      const table = (branch: number, name: string) =>
        db
          .insertInto('dining_tables')
          .values({
            name,
            min_covers: 1,
            max_covers: 2,
            active: 1,
            created_at: '2026-11-29T00:00:00.000Z',
            branch_id: branch,
          })
          .execute();
      await expect(table(1, tableName.toUpperCase())).rejects.toThrow(UNIQUE);
      await table(2, tableName);
      await expect(table(2, tableName.toLowerCase())).rejects.toThrow(UNIQUE);

      await expect(
        db
          .insertInto('day_numbers')
          .values({ branch_id: 1, local_date: DAYS[0] as string, tickets: 1, bills: 1 })
          .execute(),
      ).rejects.toThrow(UNIQUE);
      await db
        .insertInto('day_numbers')
        .values({ branch_id: 2, local_date: DAYS[0] as string, tickets: 1, bills: 1 })
        .execute();

      await expect(db.insertInto('receipt_counter').values({ branch_id: 1, last_number: 0 }).execute()).rejects.toThrow(
        UNIQUE,
      );
      await db.insertInto('receipt_counter').values({ branch_id: 2, last_number: 0 }).execute();
      await expect(db.insertInto('receipt_counter').values({ branch_id: 2, last_number: 5 }).execute()).rejects.toThrow(
        UNIQUE,
      );

      const bucket = String((before.get('kitchen_buckets') ?? [])[0]?.bucket_start);
      await expect(
        db.insertInto('kitchen_buckets').values({ branch_id: 1, bucket_start: bucket, units: 1 }).execute(),
      ).rejects.toThrow(UNIQUE);
      await db.insertInto('kitchen_buckets').values({ branch_id: 2, bucket_start: bucket, units: 1 }).execute();
      await expect(
        db.insertInto('kitchen_bucket_rules').values({ branch_id: 1, rules: '{}' }).execute(),
      ).rejects.toThrow(UNIQUE);
      await db.insertInto('kitchen_bucket_rules').values({ branch_id: 2, rules: '{}' }).execute();

      // A branch that does not exist is refused.
      await expect(
        db.insertInto('receipt_counter').values({ branch_id: 99, last_number: 0 }).execute(),
      ).rejects.toThrow(/foreign key/i);

      // Down is refused while a second branch holds rows.
      await expect(migrateToLatest(db, '0036-branches')).rejects.toThrow(/other than 1/);
    },
  );
});
