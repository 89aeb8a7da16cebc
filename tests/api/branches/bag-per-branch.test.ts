import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { openGulshan } from '../../support/branches.ts';
import { type TestAccount, orderDish } from '../../support/factories.ts';
import { addOrder, call, orderEntry, readRecord } from '../../support/records.ts';
import { named, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

/**
 * Issue 57, docs/reference/branches.md "Guests" (decision 069): the bag belongs to one branch.
 * A line is put in the bag at the request's branch (`orders.branch_id`, migration 0041); adding
 * one at another branch while the bag holds lines of the first answers 409 ("Your bag is for
 * Gulshan. Empty it and order from …?", in the reader's language) and adds nothing; the quote,
 * the checkout and the spec's pay call at a branch refuse a line of another. With one branch the
 * bag's answers are as they were (no `branchId`); from the second on each line names its branch.
 * On both engines.
 */
const ADMIN = { email: 'bag-per-branch@example.com', password: 'bag-per-branch-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const bagLines = (t: TestApp, who: TestAccount) =>
  t.database.db
    .selectFrom('orders')
    .select(['id', 'branch_id', 'ticket_id'])
    .where('user_id', '=', Number(who.userId))
    .orderBy('id')
    .execute();

const checkout = (t: TestApp, who: TestAccount, ids: string[], query = '') =>
  call(t, 'POST', `/api/v1/checkout${query}`, who, {
    orderIds: ids,
    fulfilment: 'pickup',
    when: 'asap',
    pay: { Method: 'cash' },
  });

/** PATCH /api/v1/users/?email= (a line in the bag) at `query`'s branch. */
const addAt = (t: TestApp, who: TestAccount, entry: object, query = '') =>
  call(t, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(who.email)}${query}`, who, entry);

const idOf = (res: { json: <T>() => T }) => res.json<{ data: { orderMainId: string } }>().data.orderMainId;

const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

describe("the guest's bag belongs to one branch", () => {
  test('with one branch the bag answers as before, without a branch', async ({ t, alice, dishes }) => {
    const res = await addOrder(t, alice, orderEntry(named(dishes, 'Beef Tacos'), 1, alice.email));
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: object }>().data).not.toHaveProperty('branchId');
    const record = await readRecord(t, alice);
    expect(record.orders.length).toBeGreaterThan(0);
    for (const line of record.orders) expect(line).not.toHaveProperty('branchId');
    // The line was put in at the only branch.
    expect((await bagLines(t, alice)).map((l) => l.branch_id)).toEqual([1]);
    const [line] = record.orders;
    await call(t, 'PUT', `/api/v1/users/${line!.orderMainId}`, alice, { email: alice.email });
  });

  test('a line of another branch is neither added nor ordered there', async ({ t, admin, alice, bob, dishes }) => {
    const gulshan = await openGulshan(t, admin);
    const tacos = named(dishes, 'Beef Tacos');
    const main = (
      await t.database.db.selectFrom('restaurant_settings').select('body').where('id', '=', 1).executeTakeFirstOrThrow()
    ).body;
    const mainName = (JSON.parse(main) as { name: string }).name;

    // Alice fills her bag at the first branch: its line names it.
    const first = await orderDish(t.app, alice, tacos._id);
    expect((await readRecord(t, alice)).orders.map((l) => l.branchId)).toEqual(['1']);

    // At Gulshan (by the query or by the cookie) nothing is added: 409, in the reader's language.
    const before = await bagLines(t, alice);
    const refused = await addAt(t, alice, orderEntry(tacos, 1, alice.email), '&branch=gulshan');
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(`Your bag is for ${mainName}. Empty it and order from Gulshan?`);
    const byCookie = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/?email=${encodeURIComponent(alice.email)}`,
      headers: { authorization: `Bearer ${alice.accessToken}`, cookie: 'branch=gulshan; lang=bn' },
      payload: orderEntry(tacos, 1, alice.email),
    });
    expect(byCookie.statusCode).toBe(409);
    expect(messageOf(byCookie)).toBe(`আপনার ব্যাগ ${mainName} শাখার জন্য। ব্যাগ খালি করে Gulshan থেকে অর্ডার করবেন?`);
    expect(await bagLines(t, alice)).toEqual(before);

    // Gulshan's quote, checkout and the spec's pay call refuse the first branch's line; no ticket is placed.
    const quote = await call(
      t,
      'GET',
      `/api/v1/checkout/quote?branch=gulshan&fulfilment=pickup&orderIds=${first.orderMainId}`,
      alice,
    );
    expect([quote.statusCode, messageOf(quote)]).toEqual([409, messageOf(refused)]);
    const atGulshan = await checkout(t, alice, [first.orderMainId], `?branch=${gulshan}`);
    expect([atGulshan.statusCode, messageOf(atGulshan)]).toEqual([409, messageOf(refused)]);
    const paid = await call(t, 'PATCH', `/api/v1/users/${first.orderMainId}?branch=gulshan`, alice, {
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
      payment: 'paid',
      email: alice.email,
    });
    expect(paid.statusCode).toBe(409);
    expect(await bagLines(t, alice)).toEqual(before);

    // At its own branch it is ordered; the bag is then empty and Gulshan's lines go in at Gulshan.
    const placed = await checkout(t, alice, [first.orderMainId]);
    expect(placed.statusCode).toBe(201);
    expect(placed.json<{ data: Ticket }>().data.branchId).toBe('1');
    const second = await addAt(t, alice, orderEntry(tacos, 2, alice.email), '&branch=gulshan');
    expect(second.statusCode).toBe(201);
    expect(second.json<{ data: { branchId?: string } }>().data.branchId).toBe(gulshan);
    const atMain = await call(t, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${idOf(second)}`, alice);
    expect(atMain.statusCode).toBe(409);
    const ordered = await checkout(t, alice, [idOf(second)], '?branch=gulshan');
    expect(ordered.statusCode).toBe(201);
    expect(ordered.json<{ data: Ticket }>().data.branchId).toBe(gulshan);
    expect((await readRecord(t, alice)).orders.map((l) => l.branchId)).toEqual(['1', gulshan]);

    // Another guest's bag is their own: Bob orders at Gulshan while Alice's was the first branch's.
    expect((await addAt(t, bob, orderEntry(tacos, 1, bob.email), '&branch=gulshan')).statusCode).toBe(201);
  });
});

describe("migration 0041, the bag's branch", () => {
  const opened = useUnmigratedDatabase();

  test("today's lines take branch 1, by an index led by the branch; down drops it again", async () => {
    const { db } = opened();
    await migrateToLatest(db);
    const indexed = async () => {
      const postgres = await sql<{
        sql: string;
      }>`select indexdef as sql from pg_indexes where indexname = 'orders_branch_idx'`
        .execute(db)
        .catch(() => sql<{ sql: string }>`select sql from sqlite_master where name = 'orders_branch_idx'`.execute(db));
      return postgres.rows.map((row) =>
        row.sql.replace(/"/g, '').replace(/^.* on (public\.)?orders (using btree )?/i, ''),
      );
    };
    expect(await indexed()).toEqual(['(branch_id, user_id, id)']);
    // Down and up again: the column goes and comes back, not null, 1 unless told.
    await migrateToLatest(db, '0039-roles-at-branches');
    await expect(sql`select branch_id from orders`.execute(db)).rejects.toThrow();
    expect(await indexed()).toEqual([]);
    await migrateToLatest(db);
    expect(await indexed()).toEqual(['(branch_id, user_id, id)']);
  });
});
