import { describe, expect } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import { createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';
import { addBranch, forgetBranches } from '../../support/branches.ts';

/**
 * Issue 57 phase 2b (decision 062, addendum of 2026-11-30): the reservations are made per branch.
 * A branch's slots are worked out on its own tables and book; a booking holds its own branch's
 * tables, is listed in its own branch's day book and answers its `branchId`; another branch's
 * booking is neither moved, cancelled nor seated through this one (404, nothing changed); a
 * guest's own bookings are theirs at every branch. On both engines. (The `staff` fixture adds the
 * branch, so every test names it.)
 */
const ADMIN = { email: 'branch-bookings@example.com', password: 'branch-bookings-password' };
/** 2026-06-01 08:00 UTC, a Monday; the branch runs on UTC. */
const clock = Date.parse('2026-06-01T08:00:00.000Z');

const test = useRecordsWorld(ADMIN, { clock: () => clock }).extend('staff', { scope: 'file' }, async ({ t, admin }) => {
  await addBranch(t.database.db);
  await forgetBranches(t, admin);
  const res = await call(t, 'PATCH', '/api/v1/restaurant', admin, BOOKING_TEST_SETTINGS);
  if (res.statusCode !== 200) throw new Error(res.body);
  return createStaff(t.app, admin, { name: 'Gul Host' });
});

const booking = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-06-02',
  time: '19:00',
  partySize: 2,
  name: 'Rahim Guest',
  phone: '+880 1711-000000',
  ...overrides,
});

describe("a branch's bookings", () => {
  test('its slots are worked out on its own tables: none at a branch without any', async ({ t, admin, staff }) => {
    expect(staff.accessToken).toBeTruthy();
    const slots = async (query: string) =>
      (await call(t, 'GET', `/api/v1/reservations/availability?date=2026-06-02&partySize=2${query}`)).json<{
        data: { time: string; available: boolean }[];
      }>().data;
    expect((await slots('')).some((slot) => slot.available)).toBe(true);
    expect((await slots('&branch=gulshan')).filter((slot) => slot.available)).toEqual([]);
    const made = await call(t, 'POST', '/api/v1/tables?branch=gulshan', admin, {
      name: 'Garden 1',
      minCovers: 1,
      maxCovers: 2,
    });
    expect(made.statusCode).toBe(201);
    expect((await slots('&branch=gulshan')).find((slot) => slot.time === '19:00')?.available).toBe(true);
  });

  test('a booking holds its own branch tables and is in its own day book only', async ({ t, staff, alice }) => {
    const phoned = await call(t, 'POST', '/api/v1/reservations?branch=gulshan', staff, booking({ source: 'phone' }));
    expect(phoned.statusCode).toBe(201);
    const gulshan = phoned.json<{ data: Reservation }>().data;
    expect(gulshan).toMatchObject({ branchId: '2', status: 'booked', tables: [{ name: 'Garden 1' }] });
    // Gulshan's one table is taken at 19:00: a guest's booking there is refused, at the main branch it is not.
    expect((await call(t, 'POST', '/api/v1/reservations?branch=gulshan', alice, booking())).statusCode).toBe(409);
    const main = await call(t, 'POST', '/api/v1/reservations', alice, booking());
    expect(main.statusCode).toBe(201);
    expect(main.json<{ data: Reservation }>().data.branchId).toBe('1');
    const dayBook = async (query: string) =>
      (await call(t, 'GET', `/api/v1/reservations?date=2026-06-02${query}`, staff))
        .json<{ data: Reservation[] }>()
        .data.map((r) => r._id);
    expect(await dayBook('&branch=gulshan')).toEqual([gulshan._id]);
    expect(await dayBook('')).not.toContain(gulshan._id);
    expect(await dayBook('')).toContain(main.json<{ data: Reservation }>().data._id);
  });

  test("another branch's booking is not moved, cancelled or seated through this one", async ({ t, staff }) => {
    const [gulshan] = (await call(t, 'GET', '/api/v1/reservations?date=2026-06-02&branch=gulshan', staff)).json<{
      data: Reservation[];
    }>().data;
    const id = gulshan?._id as string;
    const before = await t.database.db.selectFrom('reservations').selectAll().where('id', '=', Number(id)).execute();
    const holds = await t.database.db.selectFrom('table_holds').selectAll().orderBy('table_id').execute();
    expect((await call(t, 'PATCH', `/api/v1/reservations/${id}`, staff, { time: '20:00' })).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/v1/reservations/${id}/cancel`, staff)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/v1/reservations/${id}/status`, staff, { status: 'seated' })).statusCode).toBe(
      404,
    );
    expect(await t.database.db.selectFrom('reservations').selectAll().where('id', '=', Number(id)).execute()).toEqual(
      before,
    );
    expect(await t.database.db.selectFrom('table_holds').selectAll().orderBy('table_id').execute()).toEqual(holds);
    const moved = await call(t, 'PATCH', `/api/v1/reservations/${id}?branch=gulshan`, staff, { time: '20:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ data: Reservation }>().data).toMatchObject({ branchId: '2', time: '20:00' });
  });

  test("a guest's own bookings are theirs at every branch", async ({ t, alice, staff }) => {
    expect(staff.accessToken).toBeTruthy();
    const atGulshan = await call(t, 'POST', '/api/v1/reservations?branch=gulshan', alice, booking({ time: '12:00' }));
    expect(atGulshan.statusCode).toBe(201);
    const mine = (await call(t, 'GET', '/api/v1/reservations/mine', alice)).json<{ data: Reservation[] }>().data;
    expect(mine.map((r) => [r.branchId, r.time, r.tables.map((table) => table.name)])).toEqual([
      ['2', '12:00', ['Garden 1']],
      ['1', '19:00', [expect.any(String)]],
    ]);
    // The same from any branch: the list is the guest's, not a branch's.
    expect(
      (await call(t, 'GET', '/api/v1/reservations/mine?branch=gulshan', alice)).json<{ data: Reservation[] }>().data,
    ).toEqual(mine);
  });
});
