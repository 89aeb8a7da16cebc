import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Product } from '../../src/shared/contract/catalog.ts';
import { type TestAccount, createStaff } from './factories.ts';
import { useRecordsWorld } from './fixtures.ts';
import { allDayKitchen, call } from './records.ts';
import type { TestApp } from './test-app.ts';

/** What the tests of orders taken by staff share (tests/api/tickets/staff-orders.test.ts, postgres-staff-orders.test.ts). */

/**
 * The app with Alice, Bob, the administrator, the menu, a staff member (`staff`) and the app
 * listening (`base`, for racing requests), in the tests' kitchen: UTC, open all day, 15-minute
 * buckets of 6 units, 20 minutes to cook, every fulfilment offered.
 */
export const useStaffOrderWorld = (administrator: { email: string; password: string }, clock: () => number) =>
  useRecordsWorld(administrator, { clock })
    .extend('staff', { scope: 'file' }, async ({ t, admin }) => {
      const settings = await call(t, 'PATCH', '/api/v1/restaurant', admin, {
        ...allDayKitchen(6),
        fulfilment: {
          pickup: true,
          delivery: true,
          dineIn: true,
          deliveryMinutes: 30,
          deliveryFee: 3,
          deliveryMinimum: 15,
        },
      });
      if (settings.statusCode !== 200) throw new Error(settings.body);
      const account = await createStaff(t.app, admin, { name: 'Counter Kim' });
      return account;
    })
    .extend('base', { scope: 'file' }, async ({ t }) => {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

let keys = 0;
/** A fresh idempotency key, as the page makes one per order it means to place. */
export const newKey = () => `test-key-${process.pid}-${Date.now()}-${(keys += 1)}`;

export const named = (dishes: Product[], name: string) => {
  const dish = dishes.find((d) => d.name === name);
  if (!dish) throw new Error(`no dish ${name}`);
  return dish;
};
export const valueNamed = (dish: Product, name: string) => {
  const value = dish.options?.flatMap((g) => g.values).find((v) => v.name === name);
  if (!value) throw new Error(`no option ${name} on ${dish.name}`);
  return value;
};

/** A phone order for pick-up, as soon as possible; `body` replaces parts of it. */
export function order(dish: Product, body: Record<string, unknown> = {}) {
  return {
    fulfilment: 'pickup',
    when: 'asap',
    lines: [{ productId: dish._id, quantity: 1 }],
    customer: { name: 'Rina Caller', phone: '+880 1711-222333' },
    key: newKey(),
    ...body,
  };
}

export const post = (t: TestApp, who: TestAccount | undefined, body: unknown) =>
  call(t, 'POST', '/api/v1/tickets', who, body);

/** Every row of the ticket tables, the kitchen's loads, the booking orders and the bills: equal snapshots mean nothing changed. */
export async function ticketTables(t: TestApp) {
  const db = t.database.db;
  const [tickets, lines, keyRows, buckets, bucketChanges, orders, bills] = await Promise.all([
    db.selectFrom('tickets').selectAll().orderBy('id').execute(),
    db.selectFrom('ticket_lines').selectAll().orderBy('id').execute(),
    db.selectFrom('ticket_keys').selectAll().orderBy('key').execute(),
    db.selectFrom('kitchen_buckets').selectAll().orderBy('bucket_start').execute(),
    db.selectFrom('kitchen_bucket_changes').selectAll().orderBy('id').execute(),
    db.selectFrom('orders').selectAll().orderBy('id').execute(),
    db.selectFrom('bills').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ tickets, lines, keyRows, buckets, bucketChanges, orders, bills });
}

export async function expectRefused(
  t: TestApp,
  who: TestAccount,
  body: unknown,
  status: number,
  message: RegExp | string,
) {
  const before = await ticketTables(t);
  const res = await post(t, who, body);
  expect([JSON.stringify(body).slice(0, 120), res.statusCode]).toEqual([JSON.stringify(body).slice(0, 120), status]);
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else expect(res.json().message).toMatch(message);
  expect(await ticketTables(t)).toBe(before);
}

export const staffTickets = async (t: TestApp) =>
  Number(
    (
      await t.database.db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('source', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).n,
  );
