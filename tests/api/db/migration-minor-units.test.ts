import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { settingsFromStored } from '../../../src/server/db/stored-settings.ts';
import { isPostgres } from '../../../src/server/db/migrations/dialect.ts';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { oldTicketRow, useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

/**
 * Migration 0017 (docs/reference/ordering.md "Money that agrees on every screen": minor units at rest) on a
 * database that kept major units: dish prices, booking orders, favourites, ticket lines and
 * tickets (numeric(12,2) on PostgreSQL, floats on SQLite, where 16.94 × 100 is 1693.999…), the
 * option copies' prices and the settings' delivery fee, minimum and deposit become integers of
 * minor units exactly; tickets gain their tax and service charge columns.
 */
describe('migrating money to minor units', () => {
  const opened = useUnmigratedDatabase();

  test('every amount becomes an exact integer of cents, on both engines', async () => {
    const { db } = opened();
    await migrateToLatest(db, '0016-kept-deposits');
    const now = '2026-05-20T12:00:00.000Z';
    await db
      .insertInto('categories')
      .values({ name: 'Soups' } as never)
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
    const dish = await db
      .insertInto('products')
      .values({
        name: 'Lentil Soup',
        img: '/images/dishes/demo-lentil-soup-640.webp',
        price: 12,
        reatings: 4.5,
        items: '["Lentils"]',
        category: 'Soups',
        populler: 0,
        created_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const copy = {
      user_id: user.id,
      product_id: dish.id,
      name: 'Lentil Soup',
      img: '/images/dishes/demo-lentil-soup-640.webp',
      category: 'Soups',
      created_at: now,
    };
    const options = JSON.stringify([
      { group: 'Extras', name: 'Bread', price: 1.25, prepUnits: 0, allergens: ['gluten'] },
      { group: 'Extras', name: 'Lemon', price: 0 },
    ]);
    await db
      .insertInto('orders')
      .values({
        ...copy,
        unit_price: 8.47,
        quantity: 2,
        total_price: 16.94,
        status: 'Conform',
        payment: null,
        pay_method: null,
        pay_account: null,
        options,
      } as never)
      .execute();
    await db
      .insertInto('favorites')
      .values({ ...copy, unit_price: 12, quantity: 1, status: 'Pending' } as never)
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
          fulfilment: 'delivery',
          placed_at: now,
          ready_at: now,
          arrive_at: now,
          units: 2,
          subtotal: 16.94,
          delivery_fee: 2.99,
          total: 19.93,
        }) as never,
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ticket_lines')
      .values({
        ticket_id: ticket.id,
        order_id: null,
        product_id: dish.id,
        name: 'Lentil Soup',
        quantity: 2,
        price: 16.94,
        options,
      } as never)
      .execute();
    const settings = {
      ...DEMO_SETTINGS,
      fulfilment: { ...DEMO_SETTINGS.fulfilment, deliveryFee: 2.99, deliveryMinimum: 12.5 },
      reservations: {
        ...DEMO_SETTINGS.reservations,
        deposit: { fromPartySize: 6, perCover: 10.05, refundableUntilMinutes: 1440 },
      },
    };
    await db
      .insertInto('restaurant_settings')
      .values({ id: 1, body: JSON.stringify(settings), updated_at: now })
      .execute();

    await migrateToLatest(db);

    const exact = (row: Record<string, unknown>, fields: string[]) =>
      Object.fromEntries(fields.map((f) => [f, row[f]]));
    expect(exact(await db.selectFrom('products').selectAll().executeTakeFirstOrThrow(), ['price'])).toEqual({
      price: 1200,
    });
    const order = await db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(exact(order, ['unit_price', 'total_price'])).toEqual({ unit_price: 847, total_price: 1694 });
    expect(JSON.parse(order.options)).toEqual([
      { group: 'Extras', name: 'Bread', price: 125, prepUnits: 0, allergens: ['gluten'] },
      { group: 'Extras', name: 'Lemon', price: 0 },
    ]);
    expect(exact(await db.selectFrom('favorites').selectAll().executeTakeFirstOrThrow(), ['unit_price'])).toEqual({
      unit_price: 1200,
    });
    const line = await db.selectFrom('ticket_lines').selectAll().executeTakeFirstOrThrow();
    expect(line.price).toBe(1694);
    expect(JSON.parse(line.options)[0].price).toBe(125);
    // The ticket: its amounts in cents, and what it was priced without before (no tax, no service charge).
    expect(
      exact(await db.selectFrom('tickets').selectAll().executeTakeFirstOrThrow(), [
        'subtotal',
        'delivery_fee',
        'total',
        'service_charge',
        'tax',
        'taxes',
        'tax_inclusive',
      ]),
    ).toEqual({
      subtotal: 1694,
      delivery_fee: 299,
      total: 1993,
      service_charge: 0,
      tax: 0,
      taxes: '[]',
      tax_inclusive: 1,
    });
    // The settings keep cents, and read back as the contract's numbers.
    const body = (await db.selectFrom('restaurant_settings').select('body').executeTakeFirstOrThrow()).body;
    const stored = JSON.parse(body) as typeof settings;
    expect([
      stored.fulfilment.deliveryFee,
      stored.fulfilment.deliveryMinimum,
      stored.reservations.deposit.perCover,
    ]).toEqual([299, 1250, 1005]);
    expect(settingsFromStored(body)).toEqual(settings);

    // Integers in the database itself: PostgreSQL's column types, SQLite's stored values.
    if (isPostgres(db as never)) {
      const types = await sql<{ table_name: string; column_name: string; data_type: string }>`
        select table_name, column_name, data_type from information_schema.columns
        where (table_name, column_name) in (('products', 'price'), ('orders', 'unit_price'), ('orders', 'total_price'), ('favorites', 'unit_price'), ('ticket_lines', 'price'), ('tickets', 'subtotal'), ('tickets', 'delivery_fee'), ('tickets', 'total'))`.execute(
        db,
      );
      expect(types.rows).toHaveLength(8);
      expect(new Set(types.rows.map((r) => r.data_type))).toEqual(new Set(['integer']));
    } else {
      const kinds = await sql<{ kind: string }>`
        select typeof(price) as kind from products union all select typeof(unit_price) from orders union all select typeof(total_price) from orders
        union all select typeof(unit_price) from favorites union all select typeof(price) from ticket_lines
        union all select typeof(subtotal) from tickets union all select typeof(delivery_fee) from tickets union all select typeof(total) from tickets`.execute(
        db,
      );
      expect(kinds.rows.map((r) => r.kind)).toEqual(new Array(8).fill('integer'));
    }
  });
});
