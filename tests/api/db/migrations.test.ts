import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

/**
 * Migration 0004 (menu management, the staff role) on a database that already holds users,
 * booking orders, favourites and reports: everything survives, the references still hold,
 * and the new role is accepted (on SQLite that takes a rebuild of the users table).
 */
describe('migrating a database with data to menu management', () => {
  const opened = useUnmigratedDatabase();

  test('keeps users, orders, favourites and reports, and accepts staff', async () => {
    const database = opened();
    const { db } = database;
    await migrateToLatest(db, '0003-identity');
    const now = new Date().toISOString();
    await db
      .insertInto('categories')
      .values({ name: 'Soups' } as never)
      .execute();
    const dish = await db
      .insertInto('products')
      .values({
        name: 'Lentil Soup',
        img: '/images/menu/lentil-soup.webp',
        price: 6,
        reatings: 4.5,
        items: '["Lentils"]',
        category: 'Soups',
        populler: 1,
        created_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = await db
      .insertInto('users')
      .values([
        { email: 'ann@example.com', name: 'Ann', user_img: null, role: 'admin', auth_user_id: null, created_at: now },
        {
          email: 'ben@example.com',
          name: 'Ben',
          user_img: '/images/uploads/x.webp',
          role: 'user',
          auth_user_id: 'auth-ben',
          created_at: now,
        },
      ])
      .returning(['id', 'email'])
      .execute();
    const ben = users.find((u) => u.email === 'ben@example.com')?.id as number;
    const copy = {
      user_id: ben,
      product_id: dish.id,
      name: 'Lentil Soup',
      img: '/images/menu/lentil-soup.webp',
      category: 'Soups',
      created_at: now,
    };
    await db
      .insertInto('orders')
      .values({
        ...copy,
        unit_price: asMinor(6),
        quantity: 2,
        total_price: asMinor(12),
        status: 'Conform',
        payment: 'paid',
        pay_method: 'bkash',
        pay_account: '1234',
      })
      .execute();
    await db
      .insertInto('favorites')
      .values({ ...copy, unit_price: asMinor(6), quantity: 1, status: 'Pending' })
      .execute();
    await db
      .insertInto('reports')
      .values({ ...copy, report_text: 'Too salty' })
      .execute();
    const before = {
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      orders: await db.selectFrom('orders').selectAll().execute(),
      favorites: await db.selectFrom('favorites').selectAll().execute(),
      reports: await db.selectFrom('reports').selectAll().execute(),
    };

    await migrateToLatest(db);

    // Every account keeps its fields; its role is held at every branch (migration 0039: no list).
    expect(await db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(
      before.users.map((user) => ({ ...user, branches: null })),
    );
    // Orders keep every field; the paid one now belongs to a one-line ticket (migration 0006), so history is kept;
    // each gains an empty copy of chosen options (migration 0008: they were ordered without any).
    // Their amounts are in minor units since migration 0017 (6 → 600); the dish's Bangla name and category
    // copied since 0026 are '' (it has none). Each line was put in the bag at branch 1 (migration 0041).
    const bangla = { name_bn: '', category_bn: '' };
    const cents = <T extends object>(row: T, fields: (keyof T)[]) => ({
      ...row,
      ...Object.fromEntries(fields.map((f) => [f, Number(row[f]) * 100])),
      ...bangla,
    });
    const orders = await db.selectFrom('orders').selectAll().execute();
    expect(orders.map(({ ticket_id: _ticket, options: _options, ...rest }) => rest)).toEqual(
      before.orders.map((o) => ({ ...cents(o, ['unit_price', 'total_price']), branch_id: 1 })),
    );
    expect(orders.map((o) => o.options)).toEqual(before.orders.map(() => '[]'));
    const ticket = await db.selectFrom('tickets').selectAll().executeTakeFirstOrThrow();
    expect(orders[0]?.ticket_id).toBe(ticket.id);
    expect(ticket).toMatchObject({
      number: 'A-001',
      fulfilment: 'pickup',
      status: 'completed',
      payment: 'paid',
      total: 1200,
      customer_email: 'ben@example.com',
    });
    expect(await db.selectFrom('ticket_lines').select(['order_id', 'name', 'quantity', 'price']).execute()).toEqual([
      { order_id: orders[0]?.id, name: 'Lentil Soup', quantity: 2, price: 1200 },
    ]);
    expect(await db.selectFrom('favorites').selectAll().execute()).toEqual(
      before.favorites.map((f) => cents(f, ['unit_price'])),
    );
    expect(await db.selectFrom('reports').selectAll().execute()).toEqual(
      before.reports.map((r) => ({ ...r, ...bangla })),
    );
    // The dish got the new columns' defaults, and its demo picture URL its rendition's.
    expect(
      await db
        .selectFrom('products')
        .select(['available', 'prep_units', 'spicy', 'diet', 'allergens', 'removed_at', 'img'])
        .executeTakeFirst(),
    ).toEqual({
      available: 1,
      prep_units: 1,
      spicy: 0,
      diet: '[]',
      allergens: '[]',
      removed_at: null,
      img: '/images/dishes/demo-lentil-soup-640.webp',
    });

    // The new role is accepted, an unknown one is still refused by the database.
    await db.updateTable('users').set({ role: 'staff' }).where('id', '=', ben).execute();
    await expect(db.updateTable('users').set({ role: 'owner' }).where('id', '=', ben).execute()).rejects.toThrow();
    // References still hold: deleting a user still takes their records (ON DELETE CASCADE), and a
    // record cannot point at a user that does not exist.
    await expect(
      db
        .insertInto('reports')
        .values({ ...copy, user_id: 999_999, report_text: 'x' })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', ben).execute();
    const left = await sql<{
      n: number;
    }>`select (select count(*) from orders) + (select count(*) from favorites) + (select count(*) from reports) as n`.execute(
      db,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    // New users continue the id sequence.
    const next = await db
      .insertInto('users')
      .values({
        email: 'cy@example.com',
        name: 'Cy',
        user_img: null,
        role: 'user',
        auth_user_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(ben);
  });
});
