import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { bearer, createAccount } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';

/**
 * A guest holds at most 5 upcoming reservations however their bookings race: twelve sent at
 * once for twelve slots (each its own slot's lock, the guest's lock in common, taken in the
 * same statement as the slot's on PostgreSQL: decision 081), concurrent HTTP requests against
 * this file's listening server; five are booked and the rest refused with the limit's 409. On
 * this file's database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
const ADMIN = { email: 'guest-limit@example.com', password: 'guest-limit-password' };
const test = useRecordsWorld(ADMIN, { clock: () => Date.parse('2026-06-01T08:00:00.000Z') });

describe('a guest’s upcoming bookings racing', () => {
  test('five booked of twelve sent at once, the rest refused', { timeout: 60_000 }, async ({ t, admin }) => {
    expect((await call(t, 'PATCH', '/api/v1/restaurant', admin, BOOKING_TEST_SETTINGS)).statusCode).toBe(200);
    const guest = await createAccount(t.app, { name: 'Racing Rumi' });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const times = Array.from(
      { length: 12 },
      (_, i) => `${String(12 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    );
    const answers = await Promise.all(
      times.map(async (time) => {
        const response = await fetch(`${base}/api/v1/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(guest) },
          body: JSON.stringify({
            date: '2026-06-03',
            time,
            partySize: 2,
            name: 'Racing Rumi',
            phone: '+880 1711-000004',
          }),
        });
        return { status: response.status, body: (await response.json()) as { message?: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(7).fill(409));
    const mine = (await call(t, 'GET', '/api/v1/reservations/mine', guest)).json().data as { status: string }[];
    expect(mine.filter((r) => r.status === 'booked')).toHaveLength(5);
  });
});
