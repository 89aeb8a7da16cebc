import { describe, expect } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import { MAIN_BRANCH_ID } from '../../../src/server/db/branch.ts';
import { createTablesRepository } from '../../../src/server/modules/tables/tables.repository.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';

/**
 * Two transactions writing holds of one table at the same instant: PostgreSQL checks an
 * exclusion constraint after writing the row, so each may find the other's row in its check,
 * wait for the other's end, and be ended by the deadlock detector (40P01; what answered one
 * booking of twenty-four racing across two slots 500). The one ended lost the table as surely as
 * if the other had committed first: the repository answers 'taken' (its booking is worked out
 * again), and the other holds its tables. Made certain here by two holds each, written crosswise;
 * on the old code the second insert threw. Runs with TEST_DATABASE_URL (vitest.config.ts leaves
 * postgres-* files out without it).
 */
const ADMIN = { email: 'hold-deadlock@example.com', password: 'hold-deadlock-password' };
const test = useRecordsWorld(ADMIN, { clock: () => Date.parse('2026-06-01T08:00:00.000Z') });

/** Rolls a transaction back after its outcome is known. */
class Outcome extends Error {
  constructor(readonly value: string) {
    super(value);
  }
}

describe('holds of one table written at once on PostgreSQL', () => {
  test(
    'a deadlock in the exclusion constraint’s check is a table taken, not a failure',
    { timeout: 60_000 },
    async ({ t, admin, alice, bob }) => {
      expect(t.database.engine).toBe('postgres');
      expect((await call(t, 'PATCH', '/api/v1/restaurant', admin, BOOKING_TEST_SETTINGS)).statusCode).toBe(200);
      const book = async (who: typeof alice, time: string) => {
        const answer = await call(t, 'POST', '/api/v1/reservations', who, {
          date: '2026-06-03',
          time,
          partySize: 2,
          name: 'Deadlock Guest',
          phone: '+880 1711-000004',
        });
        expect(answer.statusCode).toBe(201);
        return Number((answer.json().data as Reservation)._id);
      };
      const [first, second] = [await book(alice, '12:00'), await book(bob, '13:00')];

      const { db } = t.database;
      const repository = createTablesRepository(db, MAIN_BRANCH_ID);
      // Two tables neither booking holds (a hold's key is its reservation and table).
      const held = new Set(
        (
          await db.selectFrom('table_holds').select('table_id').where('reservation_id', 'in', [first, second]).execute()
        ).map((row) => row.table_id),
      );
      const [x, y] = (await repository.tables(db)).map((row) => row.id).filter((id) => !held.has(id)) as [
        number,
        number,
      ];
      // Far from any booking: only these holds meet.
      const from = '2026-07-01T19:00:00.000Z';
      const to = '2026-07-01T21:00:00.000Z';

      let wroteFirst = 0;
      const bothWroteFirst = new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (wroteFirst === 2) {
            clearInterval(check);
            resolve();
          }
        }, 5);
      });
      const crosswise = (reservation: number, mine: number, theirs: number) =>
        db
          .transaction()
          .execute(async (trx) => {
            expect(await repository.insertHolds(trx, reservation, [mine], from, to)).toBe('held');
            wroteFirst += 1;
            await bothWroteFirst;
            throw new Outcome(await repository.insertHolds(trx, reservation, [theirs], from, to));
          })
          .catch((error: unknown) => {
            if (error instanceof Outcome) return error.value;
            throw error;
          });
      const outcomes = await Promise.all([crosswise(first, x, y), crosswise(second, y, x)]);

      // One was ended by the deadlock detector and lost the table; the other waited for it and held its own.
      expect(outcomes.sort()).toEqual(['held', 'taken']);
    },
  );
});
