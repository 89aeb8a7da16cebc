import { describe, expect } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { bearer } from '../../support/factories.ts';
import { named, order, post, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * The day's numbers under a race (decision 046): tickets (A-…) and their bills (B-…) are
 * numbered by the placing's last statement from the day's counter row, on SQLite and on
 * PostgreSQL (TEST_DATABASE_URL). Twenty staff orders sent at once through HTTP are each placed
 * once, with twenty consecutive ticket numbers and twenty consecutive bill numbers; a day whose
 * first numbers were given before its counter row existed goes on from its highest.
 */

const ADMIN = { email: 'day-numbers@example.com', password: 'day-numbers-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const seqOf = (number: string) => Number(number.slice(2));

describe('the day numbers under a race', () => {
  test(
    '20 staff orders at once: 20 placed, tickets and bills numbered on from the day’s highest without a gap or a repeat',
    { timeout: 90_000 },
    async ({ t, staff, dishes, base }) => {
      const tacos = named(dishes, 'Beef Tacos');
      for (let i = 0; i < 3; i += 1) expect((await post(t, staff, order(tacos))).statusCode).toBe(201);
      // As if these three had been numbered before the counter (migration 0025): the day goes on from its highest.
      await t.database.db.deleteFrom('day_numbers').execute();

      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${base}/api/v1/tickets`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(staff) },
            body: JSON.stringify(order(tacos)),
            signal: AbortSignal.timeout(60_000),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: Ticket } })),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
      const placed = answers.map((a) => seqOf(a.body.data?.number as string)).sort((a, b) => a - b);
      expect(placed).toEqual(Array.from({ length: 20 }, (_, i) => 4 + i));

      const tickets = await t.database.db
        .selectFrom('tickets')
        .select(['seq', 'number', 'bill_id'])
        .orderBy('seq')
        .execute();
      expect(tickets.map((r) => r.seq)).toEqual(Array.from({ length: 23 }, (_, i) => 1 + i));
      expect(tickets.every((r) => r.number === `A-${String(r.seq).padStart(3, '0')}`)).toBe(true);
      const bills = await t.database.db.selectFrom('bills').select(['seq', 'number']).orderBy('seq').execute();
      expect(bills.map((r) => r.seq)).toEqual(Array.from({ length: 23 }, (_, i) => 1 + i));
      expect(bills.every((r) => r.number === `B-${String(r.seq).padStart(3, '0')}`)).toBe(true);
      expect(await t.database.db.selectFrom('day_numbers').selectAll().execute()).toEqual([
        { branch_id: 1, local_date: '2026-06-01', tickets: 23, bills: 23 },
      ]);
    },
  );
});
