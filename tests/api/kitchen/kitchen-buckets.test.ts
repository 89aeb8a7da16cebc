import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { bucketRules, ticketBuckets } from '../../../src/shared/domain/capacity.ts';
import { OPEN_TICKET_STATUSES } from '../../../src/shared/domain/workflows.ts';
import { type TestAccount, bearer, createAccount, orderDish } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';
import { call as send, allDayKitchen, storedBucketLoads } from '../../support/records.ts';

/**
 * The kitchen's table of bucket loads (issue 35 point 7), on the engine under test: after every
 * kind of write that changes a load (a checkout, a cancel, a completion, a recall, a change of
 * the rules) it holds exactly each open ticket's units spread over its buckets, and when
 * checkouts and the kitchen race it stays exact and no bucket is promised past its room.
 */

const ADMIN = { email: 'buckets-owner@example.com', password: 'buckets-owner-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
let clock = NOW;

const test = useRecordsWorld(ADMIN, { clock: () => clock }).extend('ready', { scope: 'file' }, async ({ t, admin }) => {
  // UTC, open all day, 15-minute buckets of 8 units, 20 minutes to cook.
  const res = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
    ...allDayKitchen(8),
    fulfilment: { pickup: true, delivery: true, dineIn: true },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return true;
});

const cardPay = { Method: 'bkash', AccountNumber: '01711000000' };

/** The table as stored (buckets holding units, their rows plus their changes) and as the open tickets spread under the stored rules say it must be. */
async function tableAndTruth(t: TestApp) {
  const settings = (await send(t, 'GET', '/api/v1/restaurant')).json().data as RestaurantSettings;
  const db = t.database.db;
  const rules = (await db.selectFrom('kitchen_bucket_rules').select('rules').executeTakeFirst())?.rules;
  const truth = new Map<string, number>();
  for (const ticket of await db
    .selectFrom('tickets')
    .select(['ready_at', 'units'])
    .where('status', 'in', OPEN_TICKET_STATUSES)
    .execute()) {
    for (const part of ticketBuckets(settings, ticket.ready_at, ticket.units))
      truth.set(part.bucket, (truth.get(part.bucket) ?? 0) + part.units);
  }
  const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => a.localeCompare(b));
  return {
    rules,
    expectedRules: bucketRules(settings),
    stored: await storedBucketLoads(t),
    truth: sorted(truth),
    unitsPerBucket: settings.kitchen.unitsPerBucket,
  };
}

async function expectExact(t: TestApp): Promise<void> {
  const { rules, expectedRules, stored, truth } = await tableAndTruth(t);
  expect(rules).toBe(expectedRules);
  expect(stored).toEqual(truth);
}

describe('the kitchen buckets table', () => {
  test('holds each open ticket’s spread units through checkouts, a cancel, a completion, a recall and a change of the rules', async ({
    t,
    admin,
    alice,
    dishes,
    ready,
  }) => {
    expect(ready).toBe(true);
    clock = NOW;
    const dish = dishes[0]?._id as string;
    const prep = Number(
      (
        await t.database.db
          .selectFrom('products')
          .select('prep_units')
          .where('id', '=', Number(dish))
          .executeTakeFirstOrThrow()
      ).prep_units,
    );
    const placed: Ticket[] = [];
    // One small, one as big as a bucket and a half (spread over two), one scheduled.
    for (const [quantity, when] of [
      [1, 'asap'],
      [Math.ceil(12 / prep), 'asap'],
      [2, '2026-06-01T16:00:00.000Z'],
    ] as const) {
      const line = await orderDish(t.app, alice, dish, quantity);
      const res = await send(t, 'POST', '/api/v1/checkout', alice, {
        orderIds: [line.orderMainId],
        fulfilment: 'pickup',
        when,
        pay: cardPay,
      });
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().data as Ticket);
      await expectExact(t);
    }
    expect((await tableAndTruth(t)).stored.length).toBeGreaterThanOrEqual(3);
    const move = (ticket: Ticket, status: string, reason?: string) =>
      send(t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, admin, { status, ...(reason ? { reason } : {}) });
    const [small, big, later] = placed as [Ticket, Ticket, Ticket];
    expect((await move(big, 'cancelled', 'Out of rice')).statusCode).toBe(200);
    await expectExact(t);
    expect((await move(small, 'ready')).statusCode).toBe(200);
    await expectExact(t);
    expect((await move(small, 'completed')).statusCode).toBe(200);
    await expectExact(t);
    expect((await tableAndTruth(t)).truth.length).toBeGreaterThan(0);
    // A recall puts the load back.
    expect((await move(small, 'ready')).statusCode).toBe(200);
    await expectExact(t);
    // New rules: the next quote spreads every open ticket again under them.
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', admin, { kitchen: { bucketMinutes: 30, unitsPerBucket: 10 } }))
        .statusCode,
    ).toBe(200);
    const line = await orderDish(t.app, alice, dish, 1);
    expect(
      (await send(t, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.orderMainId}`, alice)).statusCode,
    ).toBe(200);
    await expectExact(t);
    expect((await move(later, 'cancelled', 'Closed early')).statusCode).toBe(200);
    await expectExact(t);
    // Rebuilt from scratch (as after a restore), it is the same.
    await t.database.db.deleteFrom('kitchen_bucket_rules').execute();
    expect(
      (await send(t, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.orderMainId}`, alice)).statusCode,
    ).toBe(200);
    await expectExact(t);
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', admin, { kitchen: { bucketMinutes: 15, unitsPerBucket: 8 } }))
        .statusCode,
    ).toBe(200);
  });

  test(
    'checkouts racing each other and the kitchen’s cancels, 20 requests a round: the loads stay exact and no bucket carries more than its room',
    { timeout: 120_000 },
    async ({ t, admin, dishes, ready }) => {
      expect(ready).toBe(true);
      const dish = dishes[0]?._id as string;
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const post = (who: Pick<TestAccount, 'accessToken'>, url: string, body: unknown) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(who) },
          body: JSON.stringify(body),
        }).then((r) => r.status);
      const rounds = 3;
      let wrong = 0;
      let placedCount = 0;
      const guests = await Promise.all(
        Array.from({ length: 10 }, (_, i) => createAccount(t.app, { name: `Racer ${i}` })),
      );
      for (let round = 0; round < rounds; round += 1) {
        clock = Date.parse(`2026-06-0${3 + round}T10:00:00.000Z`);
        const early = await Promise.all(guests.map((g, i) => orderDish(t.app, g, dish, 1 + (i % 3))));
        const racing = await Promise.all(guests.map((g, i) => orderDish(t.app, g, dish, 1 + ((i + 1) % 3))));
        // Ten tickets already placed, which the kitchen moves on while ten more check out.
        const placedEarly = await Promise.all(
          guests.map((g, i) =>
            post(g, '/api/v1/checkout', {
              orderIds: [early[i]?.orderMainId],
              fulfilment: 'pickup',
              when: 'asap',
              pay: cardPay,
            }),
          ),
        );
        expect(placedEarly.every((s) => s === 201)).toBe(true);
        const earlyIds = (
          await t.database.db.selectFrom('tickets').select('id').orderBy('id', 'desc').limit(10).execute()
        ).map((r) => r.id);
        const when = new Date(clock + 60 * 60_000).toISOString();
        const statuses = await Promise.all([
          ...guests.map((g, i) =>
            post(g, '/api/v1/checkout', {
              orderIds: [racing[i]?.orderMainId],
              fulfilment: 'pickup',
              when: i % 2 === 0 ? 'asap' : when,
              pay: cardPay,
            }),
          ),
          ...earlyIds.map((id, i) =>
            post(
              admin,
              `/api/v1/kitchen/tickets/${id}/status`,
              i % 2 === 0 ? { status: 'cancelled', reason: 'Race' } : { status: 'ready' },
            ),
          ),
        ]);
        placedCount += statuses.slice(0, 10).filter((s) => s === 201).length;
        expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
        const { rules, expectedRules, stored, truth, unitsPerBucket } = await tableAndTruth(t);
        const over = truth.filter(
          ([bucket, units]) => bucket >= new Date(clock).toISOString() && units > unitsPerBucket,
        );
        if (rules !== expectedRules || JSON.stringify(stored) !== JSON.stringify(truth) || over.length > 0) wrong += 1;
      }
      expect(placedCount).toBeGreaterThan(0);
      expect(wrong).toBe(0);
    },
  );
});
