import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import { type TestAccount, bearer, createAccount, createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';
import { call as send } from '../../support/records.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';

/**
 * Settings, tables and reservations through the HTTP API (docs/reference/operations.md "Restaurant settings",
 * "Tables and reservations"), with the restaurant's clock pinned; races go through a listening
 * server with concurrent requests, and the database decides who wins.
 */

const ADMIN = { email: 'host-owner@example.com', password: 'host-owner-password' };
/** 2026-06-01 08:00 UTC, a Monday; the tests' restaurant runs on UTC. */
let clock = Date.parse('2026-06-01T08:00:00.000Z');

const test = useRecordsWorld(ADMIN, { clock: () => clock }).extend('staff', { scope: 'file' }, async ({ t, admin }) => {
  const account = await createStaff(t.app, admin, { name: 'Hana Host' });
  // The tests' restaurant: UTC, 11:00–23:00 every day, 30-minute slots.
  const res = await send(t, 'PATCH', '/api/v1/restaurant', admin, BOOKING_TEST_SETTINGS);
  if (res.statusCode !== 200) throw new Error(res.body);
  return account;
});

const booking = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-06-02',
  time: '19:00',
  partySize: 2,
  name: 'Alice Guest',
  phone: '+880 1711-000000',
  ...overrides,
});
const book = (t: TestApp, who: TestAccount, overrides: Record<string, unknown> = {}) =>
  send(t, 'POST', '/api/v1/reservations', who, booking(overrides));

describe('restaurant settings', () => {
  test('anyone reads them; admins change any field, staff only the busy controls, guests nothing', async ({
    t,
    alice,
    staff,
    admin,
  }) => {
    const read = await send(t, 'GET', '/api/v1/restaurant');
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ name: 'Saffron Table', timeZone: 'UTC', currency: 'USD' });
    expect((await send(t, 'PATCH', '/api/v1/restaurant', undefined, { name: 'X' })).statusCode).toBe(401);
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', alice, { kitchen: { extraDelayMinutes: 10 } })).statusCode,
    ).toBe(403);
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', staff, { kitchen: { extraDelayMinutes: 10 } })).json().data.kitchen
        .extraDelayMinutes,
    ).toBe(10);
    const staffName = await send(t, 'PATCH', '/api/v1/restaurant', staff, { name: 'Mine now' });
    expect(staffName.statusCode).toBe(403);
    // Objects merge: the rest of kitchen stays.
    const merged = await send(t, 'PATCH', '/api/v1/restaurant', admin, { kitchen: { extraDelayMinutes: 0 } });
    expect(merged.json().data.kitchen).toMatchObject({ extraDelayMinutes: 0, bucketMinutes: 15, unitsPerBucket: 40 });
  });

  test('refuses bad values naming the field, and changes nothing', async ({ t, admin }) => {
    const before = (await send(t, 'GET', '/api/v1/restaurant')).json().data;
    const bad: [Record<string, unknown>, RegExp][] = [
      [
        { openingHours: [{ day: 1, open: '18:00', close: '12:00' }] },
        /openingHours\.0\.close: must close after it opens/,
      ],
      [
        {
          openingHours: [
            { day: 1, open: '11:00', close: '15:00' },
            { day: 1, open: '14:00', close: '22:00' },
          ],
        },
        /openingHours\.1: overlaps/,
      ],
      [{ timeZone: 'Mars/Olympus' }, /timeZone/],
      [{ reservations: { leadMinutes: -5 } }, /reservations\.leadMinutes: must be at least 0/],
      [{ reservations: { slotMinutes: 25 } }, /reservations\.slotMinutes: must divide 60/],
      [{ kitchen: { unitsPerBucket: 0 } }, /kitchen\.unitsPerBucket/],
      [{ closedDates: ['2026-02-30'] }, /closedDates\.0/],
      [{ wifiPassword: 'x' }, /wifiPassword|Unrecognized/i],
    ];
    for (const [body, message] of bad) {
      const res = await send(t, 'PATCH', '/api/v1/restaurant', admin, body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(res.json().message).toMatch(message);
    }
    expect((await send(t, 'GET', '/api/v1/restaurant')).json().data).toEqual(before);
    // UTC is a time zone, whatever Node 20's list of zones says.
    expect((await send(t, 'PATCH', '/api/v1/restaurant', admin, { timeZone: 'UTC' })).statusCode).toBe(200);
  });
});

describe('tables', () => {
  test('staff read, admins write; a table with upcoming bookings cannot be deleted', async ({
    t,
    alice,
    staff,
    admin,
  }) => {
    expect((await send(t, 'GET', '/api/v1/tables')).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/v1/tables', alice)).statusCode).toBe(403);
    const list = (await send(t, 'GET', '/api/v1/tables', staff)).json().data as {
      _id: string;
      name: string;
      maxCovers: number;
    }[];
    expect(list).toHaveLength(14);
    expect((await send(t, 'GET', '/api/v1/table-combinations', staff)).json().data).toHaveLength(2);
    expect(
      (await send(t, 'POST', '/api/v1/tables', staff, { name: 'Bar 1', minCovers: 1, maxCovers: 2 })).statusCode,
    ).toBe(403);
    const created = await send(t, 'POST', '/api/v1/tables', admin, { name: 'Patio 1', minCovers: 2, maxCovers: 4 });
    expect(created.statusCode).toBe(201);
    const patio = created.json().data as { _id: string };
    expect(
      (await send(t, 'POST', '/api/v1/tables', admin, { name: 'patio 1', minCovers: 2, maxCovers: 4 })).statusCode,
    ).toBe(409);
    expect(
      (await send(t, 'POST', '/api/v1/tables', admin, { name: 'Bad', minCovers: 4, maxCovers: 2 })).statusCode,
    ).toBe(400);
    expect(
      (
        await send(t, 'POST', '/api/v1/table-combinations', admin, {
          tableIds: [patio._id],
          minCovers: 2,
          maxCovers: 4,
        })
      ).statusCode,
    ).toBe(400);
    const combo = await send(t, 'POST', '/api/v1/table-combinations', admin, {
      tableIds: [patio._id, list[0]?._id],
      minCovers: 3,
      maxCovers: 6,
    });
    expect(combo.statusCode).toBe(201);
    expect((await send(t, 'DELETE', `/api/v1/table-combinations/${combo.json().data._id}`, admin)).statusCode).toBe(
      200,
    );
    expect((await send(t, 'DELETE', `/api/v1/tables/${patio._id}`, admin)).statusCode).toBe(200);
    expect((await send(t, 'DELETE', `/api/v1/tables/${patio._id}`, admin)).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  test('every reservations call × {no token, guest, staff, admin}', async ({ t, alice, staff, admin }) => {
    const own = (await book(t, alice, { date: '2026-06-12', time: '13:00', name: 'Matrix' })).json()
      .data as Reservation;
    const calls: [string, (who?: TestAccount) => ReturnType<typeof send>, number[]][] = [
      [
        'availability',
        (who) => send(t, 'GET', '/api/v1/reservations/availability?date=2026-06-12&partySize=2', who),
        [200, 200, 200, 200],
      ],
      ['mine', (who) => send(t, 'GET', '/api/v1/reservations/mine', who), [401, 200, 200, 200]],
      ['the book', (who) => send(t, 'GET', '/api/v1/reservations?date=2026-06-12', who), [401, 403, 200, 200]],
      ['tables', (who) => send(t, 'GET', '/api/v1/tables', who), [401, 403, 200, 200]],
      [
        'status',
        (who) => send(t, 'POST', `/api/v1/reservations/${own._id}/status`, who, { status: 'no_show' }),
        [401, 403, 200, 409],
      ],
      [
        'phone booking',
        (who) =>
          send(
            t,
            'POST',
            '/api/v1/reservations',
            who,
            booking({ date: '2026-06-12', time: '14:00', source: 'phone', name: 'By phone' }),
          ),
        [401, 403, 201, 201],
      ],
      [
        'settings',
        (who) => send(t, 'PATCH', '/api/v1/restaurant', who, { phone: '+880 1700-000001' }),
        [401, 403, 403, 200],
      ],
    ];
    for (const [name, run, expected] of calls) {
      const statuses = [];
      for (const who of [undefined, alice, staff, admin]) statuses.push((await run(who)).statusCode);
      expect([name, ...statuses]).toEqual([name, ...expected]);
    }
  });
});

describe('booking', () => {
  test('books the best-fitting free table, and the guest lists it; then it is refused once the room is full', async ({
    t,
    alice,
    bob,
  }) => {
    const slots = (await send(t, 'GET', '/api/v1/reservations/availability?date=2026-06-02&partySize=2')).json()
      .data as { time: string; available: boolean }[];
    expect(slots[0]).toEqual({ time: '11:00', startsAt: '2026-06-02T11:00:00.000Z', available: true });
    expect(slots.at(-1)?.time).toBe('22:00');
    const res = await book(t, alice, { time: '12:00', notes: 'Window please' });
    expect(res.statusCode).toBe(201);
    const reservation = res.json().data as Reservation;
    expect(res.json().message).toBe('Table reserved!');
    expect(reservation).toMatchObject({
      date: '2026-06-02',
      time: '12:00',
      startsAt: '2026-06-02T12:00:00.000Z',
      endsAt: '2026-06-02T13:30:00.000Z',
      partySize: 2,
      status: 'booked',
      source: 'online',
      email: alice.email,
      notes: 'Window please',
      tables: [{ name: 'T1' }],
    });
    const mine = (await send(t, 'GET', '/api/v1/reservations/mine', alice)).json().data as Reservation[];
    expect(mine.map((r) => r._id)).toContain(reservation._id);
    expect((await send(t, 'GET', '/api/v1/reservations/mine', bob)).json().data).toEqual([]);
    // Someone else's reservation is 404 to Bob, whatever he tries.
    expect((await send(t, 'POST', `/api/v1/reservations/${reservation._id}/cancel`, bob)).statusCode).toBe(404);
    expect((await send(t, 'PATCH', `/api/v1/reservations/${reservation._id}`, bob, { partySize: 3 })).statusCode).toBe(
      404,
    );
  });

  test('refuses bad input with a clear 4xx and books nothing', async ({ t, alice }) => {
    const before = ((await send(t, 'GET', '/api/v1/reservations/mine', alice)).json().data as Reservation[]).length;
    const bad: [Record<string, unknown>, number, RegExp][] = [
      [{ date: '2026-02-30' }, 400, /date/],
      [{ time: '19:10' }, 400, /not one of the day's booking times/],
      [{ time: '23:00' }, 400, /not one of the day's booking times/],
      [{ partySize: 0 }, 400, /partySize must be at least 1/],
      [{ partySize: 13 }, 400, /please call us/],
      [{ partySize: 2.5 }, 400, /whole number/],
      [{ partySize: 'two' }, 400, /partySize/],
      [{ name: 'x'.repeat(10_000) }, 400, /name must be at most/],
      [{ name: '' }, 400, /name is required/],
      [{ phone: 'call me maybe' }, 400, /phone must be a phone number/],
      [{ date: '2026-05-31' }, 400, /past/],
      [{ date: '2026-09-01' }, 400, /days ahead/],
      [{ time: '08:30', date: '2026-06-01' }, 400, /not one of/],
      [{ source: 'walk_in' }, 403, /staff/],
    ];
    for (const [overrides, status, message] of bad) {
      const res = await book(t, alice, overrides);
      expect([JSON.stringify(overrides).slice(0, 60), res.statusCode]).toEqual([
        JSON.stringify(overrides).slice(0, 60),
        status,
      ]);
      expect(res.json().message).toMatch(message);
    }
    expect(((await send(t, 'GET', '/api/v1/reservations/mine', alice)).json().data as Reservation[]).length).toBe(
      before,
    );
    expect((await send(t, 'GET', '/api/v1/reservations/availability?date=2026-02-30&partySize=2')).statusCode).toBe(
      400,
    );
    expect((await send(t, 'GET', '/api/v1/reservations/availability?date=2026-06-02&partySize=0')).statusCode).toBe(
      400,
    );
    expect((await send(t, 'GET', '/api/v1/reservations/availability?date=2026-06-02&partySize=13')).statusCode).toBe(
      400,
    );
    expect((await send(t, 'GET', '/api/v1/reservations/availability?date=2026-05-01&partySize=2')).json().data).toEqual(
      [],
    );
  });

  test('a guest holds at most 5 upcoming reservations', async ({ t }) => {
    const guest = await createAccount(t.app, { name: 'Greedy Script' });
    const results = [];
    for (let i = 0; i < 6; i += 1)
      results.push((await book(t, guest, { date: '2026-06-10', time: `${12 + i}:00`, name: 'Greedy' })).statusCode);
    expect(results).toEqual([201, 201, 201, 201, 201, 409]);
  });

  test('moves atomically: a taken time keeps the old booking; a free one moves it', async ({
    t,
    alice,
    bob,
    staff,
  }) => {
    const mineRes = await book(t, alice, { date: '2026-06-03', time: '19:00', partySize: 6 });
    expect(mineRes.statusCode).toBe(201);
    const mine = mineRes.json().data as Reservation;
    // Fill every table that seats 6 at 21:00 (T13, T14) with phone bookings.
    for (let i = 0; i < 2; i += 1)
      expect(
        (
          await send(
            t,
            'POST',
            '/api/v1/reservations',
            staff,
            booking({ date: '2026-06-03', time: '21:00', partySize: 6, source: 'phone', name: `Phone ${i}` }),
          )
        ).statusCode,
      ).toBe(201);
    const refused = await send(t, 'PATCH', `/api/v1/reservations/${mine._id}`, alice, { time: '21:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('That time is no longer available');
    const kept = ((await send(t, 'GET', '/api/v1/reservations/mine', alice)).json().data as Reservation[]).find(
      (r) => r._id === mine._id,
    );
    expect(kept).toMatchObject({ time: '19:00', tables: mine.tables, status: 'booked' });
    const moved = await send(t, 'PATCH', `/api/v1/reservations/${mine._id}`, alice, { time: '18:00', partySize: 4 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ time: '18:00', partySize: 4, startsAt: '2026-06-03T18:00:00.000Z' });
    // Its old time is free again for Bob's party of 6.
    expect((await book(t, bob, { date: '2026-06-03', time: '19:00', partySize: 6 })).statusCode).toBe(201);
  });

  test('cancels until the cut-off, and later says to call', async ({ t, alice, bob }) => {
    const soon = (await book(t, alice, { date: '2026-06-01', time: '11:00' })).json().data as Reservation;
    const later = (await book(t, alice, { date: '2026-06-01', time: '20:00' })).json().data as Reservation;
    expect([soon.cancellable, later.cancellable]).toEqual([true, true]);
    clock = Date.parse('2026-06-01T09:30:00.000Z');
    try {
      const refused = await send(t, 'POST', `/api/v1/reservations/${soon._id}/cancel`, alice);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Please call us to cancel this late');
      const cancelled = await send(t, 'POST', `/api/v1/reservations/${later._id}/cancel`, alice);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancellable: false });
      expect(cancelled.json().data.cancelledAt).toBe('2026-06-01T09:30:00.000Z');
      expect((await send(t, 'POST', `/api/v1/reservations/${later._id}/cancel`, alice)).statusCode).toBe(409);
      expect(
        (await send(t, 'POST', `/api/v1/reservations/${soon._id}/status`, alice, { status: 'seated' })).statusCode,
      ).toBe(403);
      expect((await send(t, 'POST', `/api/v1/reservations/${soon._id}/cancel`, bob)).statusCode).toBe(404);
    } finally {
      clock = Date.parse('2026-06-01T08:00:00.000Z');
    }
  });
});

describe('the host', () => {
  test('runs the day: seats, completes early (freeing the table), marks no-shows and undoes one, by the transition table', async ({
    t,
    alice,
    staff,
  }) => {
    const guest = await createAccount(t.app, { name: 'Walk Early' });
    const res = await book(t, guest, { date: '2026-06-04', time: '12:00', partySize: 2, name: 'Early Leaver' });
    const r = res.json().data as Reservation;
    const status = (id: string, value: string) =>
      send(t, 'POST', `/api/v1/reservations/${id}/status`, staff, { status: value });
    expect((await status(r._id, 'completed')).statusCode).toBe(409);
    clock = Date.parse('2026-06-04T12:05:00.000Z');
    try {
      expect((await status(r._id, 'seated')).json().data).toMatchObject({
        status: 'seated',
        seatedAt: '2026-06-04T12:05:00.000Z',
      });
      clock = Date.parse('2026-06-04T12:40:00.000Z');
      expect((await status(r._id, 'completed')).json().data).toMatchObject({
        status: 'completed',
        completedAt: '2026-06-04T12:40:00.000Z',
      });
      expect((await status(r._id, 'booked')).statusCode).toBe(409);
      const book4 = (await send(t, 'GET', '/api/v1/reservations?date=2026-06-04', staff)).json().data as Reservation[];
      expect(book4.map((x) => x._id)).toContain(r._id);
      expect((await send(t, 'GET', '/api/v1/reservations?date=2026-06-04', alice)).statusCode).toBe(403);

      const noShow = (
        await send(
          t,
          'POST',
          '/api/v1/reservations',
          staff,
          booking({
            date: '2026-06-04',
            time: '14:00',
            source: 'phone',
            name: 'Late Larry',
            email: 'larry@example.com',
          }),
        )
      ).json().data as Reservation;
      expect(noShow).toMatchObject({ source: 'phone', email: 'larry@example.com' });
      expect((await status(noShow._id, 'no_show')).json().data.status).toBe('no_show');
      expect((await status(noShow._id, 'booked')).json().data.status).toBe('booked');

      // A walk-in sits down now on a free table, or hears that none fits.
      const walkIn = await send(t, 'POST', '/api/v1/reservations', staff, {
        partySize: 4,
        name: 'Walk-in',
        phone: '+880 1711-111111',
        source: 'walk_in',
      });
      expect(walkIn.statusCode).toBe(201);
      expect(walkIn.json().data).toMatchObject({
        status: 'seated',
        source: 'walk_in',
        startsAt: '2026-06-04T12:40:00.000Z',
        date: '2026-06-04',
        time: '12:40',
      });
      expect(
        (
          await send(t, 'POST', '/api/v1/reservations', staff, {
            partySize: 40,
            name: 'Bus',
            phone: '+880 1711-111111',
            source: 'walk_in',
          })
        ).statusCode,
      ).toBe(400);
      // A walk-in is in the room: no phone needed (issue 48, point 4); a phone booking still needs one.
      const noPhone = await send(t, 'POST', '/api/v1/reservations', staff, {
        partySize: 2,
        name: 'Walk-in without phone',
        source: 'walk_in',
      });
      expect(noPhone.statusCode, noPhone.body).toBe(201);
      expect(noPhone.json().data).toMatchObject({ status: 'seated', phone: '' });
      const phoneless = await send(t, 'POST', '/api/v1/reservations', staff, {
        date: '2026-06-05',
        time: '14:00',
        partySize: 2,
        name: 'No Number',
        source: 'phone',
      });
      expect([phoneless.statusCode, phoneless.json().message]).toEqual([400, 'phone: phone is required']);
    } finally {
      clock = Date.parse('2026-06-01T08:00:00.000Z');
    }
  });
});

describe('one request a change (decision 063)', () => {
  test("a status change or a move answers the booking exactly as the day's book then lists it", async ({
    t,
    staff,
  }) => {
    const guest = await createAccount(t.app, { name: 'Book Entry' });
    const r = (await book(t, guest, { date: '2026-06-06', time: '13:00', partySize: 2, name: 'Entry Equal' })).json()
      .data as Reservation;
    const listed = async () =>
      ((await send(t, 'GET', '/api/v1/reservations?date=2026-06-06', staff)).json().data as Reservation[]).find(
        (x) => x._id === r._id,
      );
    const tables = (await send(t, 'GET', '/api/v1/tables', staff)).json().data as {
      _id: string;
      minCovers: number;
      maxCovers: number;
      active: boolean;
    }[];
    const other = tables.find(
      (table) =>
        table.active &&
        table.minCovers <= 2 &&
        table.maxCovers >= 2 &&
        !r.tables.some((held) => held._id === table._id),
    ) as { _id: string };
    const moved = await send(t, 'PATCH', `/api/v1/reservations/${r._id}`, staff, { tableIds: [other._id] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual(await listed());
    clock = Date.parse('2026-06-06T13:05:00.000Z');
    try {
      for (const status of ['no_show', 'booked', 'seated', 'completed']) {
        const res = await send(t, 'POST', `/api/v1/reservations/${r._id}/status`, staff, { status });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.status).toBe(status);
        expect(res.json().data, status).toEqual(await listed());
      }
    } finally {
      clock = Date.parse('2026-06-01T08:00:00.000Z');
    }
  });
});

/** The app on a real port: races go through HTTP, as guests' browsers would. */
async function listening(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe('races', () => {
  test('twenty guests racing for the last free table: exactly one wins', { timeout: 60_000 }, async ({ t, admin }) => {
    const tables = (await send(t, 'GET', '/api/v1/tables', admin)).json().data as { _id: string; name: string }[];
    // Only T1 stays on: the last free table of the room.
    for (const table of tables)
      if (table.name !== 'T1') await send(t, 'PATCH', `/api/v1/tables/${table._id}`, admin, { active: false });
    try {
      const guests = await Promise.all([0, 1, 2, 3].map((i) => createAccount(t.app, { name: `Racer ${i}` })));
      const base = await listening(t);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${base}/api/v1/reservations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(guests[i % 4] as TestAccount) },
            body: JSON.stringify(booking({ date: '2026-06-20', time: '19:00', name: `Racer ${i}` })),
          }).then(async (res) => ({ status: res.status, body: (await res.json()) as { message?: string } })),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      expect(
        results.filter((r) => r.status === 409).every((r) => r.body.message === 'That time is no longer available'),
      ).toBe(true);
      const holds = await t.database.db
        .selectFrom('table_holds')
        .innerJoin('reservations', 'reservations.id', 'table_holds.reservation_id')
        .select('reservations.id')
        .where('reservations.date', '=', '2026-06-20')
        .execute();
      expect(holds).toHaveLength(1);
      // The database itself refuses a second hold of that table's time, whatever the code above it does.
      const winner = holds[0]?.id as number;
      const t1 = tables.find((table) => table.name === 'T1')?._id;
      const other = (
        await t.database.db.selectFrom('reservations').select('id').where('id', '!=', winner).executeTakeFirstOrThrow()
      ).id;
      await expect(
        t.database.db
          .insertInto('table_holds')
          .values({
            reservation_id: other,
            table_id: Number(t1),
            starts_at: '2026-06-20T19:30:00.000Z',
            ends_at: '2026-06-20T20:00:00.000Z',
            active: 1,
          })
          .execute(),
      ).rejects.toThrow();

      // A move racing a new booking for the same free time: one of them gets it, never both.
      const mover = guests[0] as TestAccount;
      const own = (
        await send(
          t,
          'POST',
          '/api/v1/reservations',
          mover,
          booking({ date: '2026-06-21', time: '12:00', name: 'Mover' }),
        )
      ).json().data as Reservation;
      const [move, fresh] = await Promise.all([
        fetch(`${base}/api/v1/reservations/${own._id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...bearer(mover) },
          body: JSON.stringify({ time: '19:00' }),
        }),
        fetch(`${base}/api/v1/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(guests[1] as TestAccount) },
          body: JSON.stringify(booking({ date: '2026-06-21', time: '19:00', name: 'Fresh' })),
        }),
      ]);
      expect([move.status === 200, fresh.status === 201].filter(Boolean)).toHaveLength(1);
      const evening = await t.database.db
        .selectFrom('reservations')
        .select('id')
        .where('date', '=', '2026-06-21')
        .where('time', '=', '19:00')
        .where('status', '=', 'booked')
        .execute();
      expect(evening).toHaveLength(1);
    } finally {
      for (const table of tables) await send(t, 'PATCH', `/api/v1/tables/${table._id}`, admin, { active: true });
    }
  });
});
