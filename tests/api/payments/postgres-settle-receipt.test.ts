import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import {
  type PaymentsWorld,
  billOf,
  deliverStripe,
  orderFor,
  payOnline,
  startPaymentsWorld,
} from '../../support/payments-world.ts';
import { call } from '../../support/records.ts';
import { newKey } from '../../support/staff-orders.ts';

/**
 * A checkout's online payment settles its bill and sends its ticket to the kitchen in one
 * transaction. Paying the bill takes the branch's receipt counter, one row every bill paid at
 * the branch waits for, held until the commit: so the ticket moves first and the counter is
 * taken last. Before, the counter was taken first and held across the ticket's kitchen writes,
 * the longest wait of the evening's bench (docs/performance.md). Here the settling is made to
 * wait at its ticket's lines (a transaction of the test holds them); a cash bill of the same
 * branch is paid meanwhile. On the old order that payment waited at the counter until the test
 * let go (it is given 20 s). Nothing here measures time. Runs with TEST_DATABASE_URL.
 */
let w: PaymentsWorld;

beforeAll(async () => {
  w = await startPaymentsWorld();
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const TIMED_OUT = 'still waiting after 20 s';
const within20s = <T>(promise: Promise<T>): Promise<T | typeof TIMED_OUT> =>
  Promise.race([promise, new Promise<typeof TIMED_OUT>((done) => setTimeout(() => done(TIMED_OUT), 20_000))]);

describe('an online checkout settled while another bill of its branch is paid', () => {
  test(
    'the settling waiting on its ticket does not hold the receipt counter: a cash bill is paid and numbered meanwhile',
    {
      timeout: 90_000,
    },
    async () => {
      expect(w.t.database.engine).toBe('postgres');
      // Bob's pick-up, to be paid in cash at the counter.
      const bobs = await call(w.t, 'POST', '/api/v1/checkout', w.bob, {
        orderIds: [await orderFor(w, w.bob)],
        fulfilment: 'pickup',
        when: 'asap',
        pay: { Method: 'cash' },
      });
      expect(bobs.statusCode, bobs.body).toBe(201);
      const cashBill = await billOf(w, (bobs.json().data as Ticket).billId as string);
      // Alice's pick-up, paid by Stripe.
      const res = await payOnline(w, w.alice, [await orderFor(w, w.alice)], 'stripe');
      expect(res.statusCode, res.body).toBe(201);
      const ticket = res.json().data as Ticket;
      const { provider_ref } = await w.t.database.db
        .selectFrom('payments')
        .select('provider_ref')
        .where('ticket_id', '=', Number(ticket._id))
        .executeTakeFirstOrThrow();

      const holder = new pg.Client({ connectionString: w.t.config.databaseUrl });
      await holder.connect();
      const answers: number[] = [];
      let settling: Promise<void> | undefined;
      try {
        await holder.query('begin');
        // Alice's lines held: her payment's settling waits where it writes them paid.
        await holder.query('select id from orders where ticket_id = $1 for update', [Number(ticket._id)]);
        settling = (async () => {
          for (const event of w.stripe.pay(provider_ref as string))
            answers.push((await deliverStripe(w, event)).statusCode);
        })();
        await expect
          .poll(
            async () =>
              (
                await holder.query(
                  `select count(*)::int as n from pg_locks where not granted and pid <> pg_backend_pid()`,
                )
              ).rows[0].n,
            { timeout: 20_000 },
          )
          .toBe(1);

        const cash = await within20s(
          call(w.t, 'POST', `/api/v1/bills/${cashBill._id}/payments`, w.staff, {
            method: 'cash',
            amount: cashBill.due,
            tip: 0,
            key: newKey(),
          }),
        );
        expect(cash === TIMED_OUT ? cash : cash.statusCode).toBe(201);
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      await settling;
      expect(answers.every((status) => status === 200)).toBe(true);

      const settled = await w.t.database.db
        .selectFrom('tickets')
        .select(['status', 'payment'])
        .where('id', '=', Number(ticket._id))
        .executeTakeFirstOrThrow();
      expect(settled).toEqual({ status: 'received', payment: 'paid' });
      // Bob's bill was numbered while Alice's payment waited; hers took the next number.
      const paidCash = await billOf(w, cashBill._id);
      const paidOnline = await billOf(w, ticket.billId as string);
      expect([paidCash.status, paidOnline.status]).toEqual(['paid', 'paid']);
      expect(paidOnline.receiptNumber).toBe((paidCash.receiptNumber as number) + 1);
    },
  );
});
