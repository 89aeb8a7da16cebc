import pg from 'pg';
import { describe, expect } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';

/**
 * A booking holds its slot's lock for what the lock keeps true and no longer (decision 081):
 * the branch's tables and combinations, which no slot's lock covers, are read on another of the
 * pool's connections, not by the transaction holding the slot. The test holds the dining
 * tables, so whatever reads them waits where pg_locks shows it; on the old code the connection
 * waiting for them was the one holding the slot's lock (every racer for the slot behind it).
 * Nothing here measures time. Runs with TEST_DATABASE_URL (vitest.config.ts leaves postgres-*
 * files out without it).
 */
const ADMIN = { email: 'booking-lock@example.com', password: 'booking-lock-password' };
const test = useRecordsWorld(ADMIN, { clock: () => Date.parse('2026-06-01T08:00:00.000Z') });

describe('a booking’s slot lock on PostgreSQL', () => {
  test('is not held while the room’s tables are read', { timeout: 60_000 }, async ({ t, admin, alice }) => {
    expect(t.database.engine).toBe('postgres');
    expect((await call(t, 'PATCH', '/api/v1/restaurant', admin, BOOKING_TEST_SETTINGS)).statusCode).toBe(200);
    const slot = 'reservations:1:2026-06-02 19:00';

    const tables = new pg.Client({ connectionString: t.config.databaseUrl });
    await tables.connect();
    let booking: ReturnType<typeof call> | undefined;
    try {
      await tables.query('begin');
      await tables.query('lock table dining_tables in access exclusive mode');
      booking = call(t, 'POST', '/api/v1/reservations', alice, {
        date: '2026-06-02',
        time: '19:00',
        partySize: 2,
        name: 'Alice Lock',
        phone: '+880 1711-000003',
      });
      // Wait until the slot's lock is taken and something waits for the dining tables.
      const seen = async () =>
        (
          await tables.query<{ waiting: number[]; slot: number[] }>(
            `select
               array(select pid from pg_locks
                     where locktype = 'relation' and relation = 'dining_tables'::regclass and not granted) as waiting,
               array(select pid from pg_locks
                     where locktype = 'advisory' and granted
                       and objid::bigint = (hashtext($1)::bigint & 4294967295)) as slot`,
            [slot],
          )
        ).rows[0] as { waiting: number[]; slot: number[] };
      await expect
        .poll(
          async () => {
            const now = await seen();
            return now.waiting.length > 0 && now.slot.length > 0;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      const { waiting, slot: holders } = await seen();
      expect(holders).toHaveLength(1);
      // Whoever waits for the tables is not the transaction holding the slot.
      expect(waiting).not.toContain(holders[0]);
    } finally {
      await tables.query('rollback');
      await tables.end();
    }
    const answer = await booking;
    expect(answer?.statusCode).toBe(201);
    expect((answer?.json().data as Reservation).tables.length).toBeGreaterThan(0);
  });
});
