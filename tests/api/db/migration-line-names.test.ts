import { describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { oldTicketRow, useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

/**
 * Migration 0026 (the dish's Bangla name in the copies, decision 050) on a database that already
 * holds orders, tickets, favourites and reports, on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL: each copy of a dish with a Bangla name takes it (and its category's), each copied
 * option its dish's group and value Bangla names; a dish without one leaves '' (English shows);
 * `down` removes the columns and `up` fills them again.
 */
describe('migrating copies of dishes to their Bangla names', () => {
  const opened = useUnmigratedDatabase();

  test('fills name_bn, category_bn and the options Bangla names from the menu; down and up again', async () => {
    const { db } = opened();
    await migrateToLatest(db, '0025-day-numbers');
    const now = '2026-05-20T12:00:00.000Z';
    await db
      .insertInto('categories')
      .values([
        { name: 'Bangladeshi', name_bn: 'দেশি খাবার' },
        { name: 'Soups', name_bn: '' },
      ] as never)
      .execute();
    const user = await db
      .insertInto('users')
      .values({
        email: 'ann@example.com',
        name: 'Ann',
        user_img: null,
        role: 'user',
        auth_user_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dish = {
      img: '/images/dishes/demo-x-640.webp',
      price: 1500,
      reatings: 4.5,
      items: '[]',
      populler: 0,
      created_at: now,
    };
    const [kacchi, soup] = (
      await db
        .insertInto('products')
        .values([
          {
            ...dish,
            name: 'Kacchi Biryani',
            name_bn: 'কাচ্চি বিরিয়ানি',
            category: 'Bangladeshi',
            category_bn: 'দেশি খাবার',
          },
          { ...dish, name: 'Lentil Soup', name_bn: '', category: 'Soups', category_bn: '' },
        ] as never)
        .returning('id')
        .execute()
    ).map((r) => r.id as number);
    const group = await db
      .insertInto('option_groups')
      .values({ product_id: kacchi as number, position: 0, name: 'Size', name_bn: 'সাইজ', min: 1, max: 1 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const value = {
      group_id: group.id,
      product_id: kacchi as number,
      price_cents: 0,
      is_default: 0,
      available: 1,
      prep_tenths: 0,
      allergens: '[]',
    };
    await db
      .insertInto('option_values')
      .values([
        { ...value, position: 0, name: 'Half', name_bn: 'হাফ' },
        { ...value, position: 1, name: 'Full', name_bn: '' },
      ] as never)
      .execute();

    const copy = (productId: number, name: string, category: string) => ({
      user_id: user.id,
      product_id: productId,
      name,
      img: dish.img,
      category,
      created_at: now,
    });
    const options = JSON.stringify([
      { group: 'Size', name: 'Half', price: 0, prepUnits: 0, allergens: [] },
      { group: 'Size', name: 'Gone', price: 0 },
    ]);
    const order = {
      unit_price: 1500,
      quantity: 1,
      total_price: 1500,
      status: 'Conform',
      payment: null,
      pay_method: null,
      pay_account: null,
    };
    await db
      .insertInto('orders')
      .values([
        { ...copy(kacchi as number, 'Kacchi Biryani', 'Bangladeshi'), ...order, options },
        { ...copy(soup as number, 'Lentil Soup', 'Soups'), ...order, options: '[]' },
      ] as never)
      .execute();
    await db
      .insertInto('favorites')
      .values({
        ...copy(kacchi as number, 'Kacchi Biryani', 'Bangladeshi'),
        unit_price: 1500,
        quantity: 1,
        status: 'Pending',
      } as never)
      .execute();
    await db
      .insertInto('reports')
      .values({ ...copy(kacchi as number, 'Kacchi Biryani', 'Bangladeshi'), report_text: 'Too salty' } as never)
      .execute();
    const ticket = await db
      .insertInto('tickets')
      .values(
        oldTicketRow({
          local_date: '2026-05-20',
          seq: 1,
          number: 'A-001',
          user_id: user.id,
          customer_name: 'Ann',
          customer_email: 'ann@example.com',
          placed_at: now,
          ready_at: now,
          units: 2,
          subtotal: 3000,
          total: 3000,
        }) as never,
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ticket_lines')
      .values([
        {
          ticket_id: ticket.id,
          order_id: null,
          product_id: kacchi as number,
          name: 'Kacchi Biryani',
          quantity: 1,
          price: 1500,
          options,
        },
        {
          ticket_id: ticket.id,
          order_id: null,
          product_id: soup as number,
          name: 'Lentil Soup',
          quantity: 1,
          price: 1500,
          options: '[]',
        },
      ] as never)
      .execute();

    await migrateToLatest(db);
    const lines = await db.selectFrom('ticket_lines').select(['name', 'name_bn', 'options']).orderBy('id').execute();
    expect(lines.map((l) => [l.name, l.name_bn])).toEqual([
      ['Kacchi Biryani', 'কাচ্চি বিরিয়ানি'],
      ['Lentil Soup', ''],
    ]);
    const filled = [
      { group: 'Size', name: 'Half', price: 0, prepUnits: 0, allergens: [], groupBn: 'সাইজ', nameBn: 'হাফ' },
      { group: 'Size', name: 'Gone', price: 0 },
    ];
    expect(JSON.parse(lines[0]?.options ?? '')).toEqual(filled);
    expect(lines[1]?.options).toBe('[]');
    const orders = await db.selectFrom('orders').select(['name_bn', 'category_bn', 'options']).orderBy('id').execute();
    expect(orders.map((o) => [o.name_bn, o.category_bn])).toEqual([
      ['কাচ্চি বিরিয়ানি', 'দেশি খাবার'],
      ['', ''],
    ]);
    expect(JSON.parse(orders[0]?.options ?? '')).toEqual(filled);
    expect(await db.selectFrom('favorites').select(['name_bn', 'category_bn']).execute()).toEqual([
      { name_bn: 'কাচ্চি বিরিয়ানি', category_bn: 'দেশি খাবার' },
    ]);
    expect(await db.selectFrom('reports').select(['name_bn', 'category_bn']).execute()).toEqual([
      { name_bn: 'কাচ্চি বিরিয়ানি', category_bn: 'দেশি খাবার' },
    ]);

    // Down: the columns go; up again fills them again from the menu.
    await migrateToLatest(db, '0025-day-numbers');
    await expect(db.selectFrom('ticket_lines').select('name_bn').execute()).rejects.toThrow();
    await migrateToLatest(db);
    expect(
      (await db.selectFrom('ticket_lines').select('name_bn').orderBy('id').execute()).map((l) => l.name_bn),
    ).toEqual(['কাচ্চি বিরিয়ানি', '']);
  });
});
