import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { openGulshan } from '../../support/branches.ts';
import { call } from '../../support/records.ts';
import { named, newKey, order, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';
import { type TestAccount, createAccount, orderDish } from '../../support/factories.ts';

/**
 * Issue 57 (docs/reference/branches.md "What belongs to whom"): a branch owns its settings about
 * the place (`kitchen`, `fulfilment`, `billing`, hours). An order taken at Gulshan is promised by
 * Gulshan's kitchen and hours, priced by Gulshan's taxes, and its bill is paid under Gulshan's
 * rules; the first branch's orders keep the first branch's. Before this, every order and bill
 * read the first branch's settings whatever the branch. On both engines.
 */
const ADMIN = { email: 'orders-at-branch@example.com', password: 'orders-at-branch-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const GULSHAN_RULES = {
  billing: { taxInclusive: false, taxName: 'VAT', rates: { takeaway: 10, dineIn: 20 }, serviceChargePercent: 0 },
  kitchen: { prepMinutes: 45 },
};

const placeAt = async (t: TestApp, admin: TestAccount, query: string, body: Record<string, unknown>) => {
  const res = await call(t, 'POST', `/api/v1/tickets${query}`, admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Ticket }>().data;
};

describe("an order at a branch follows that branch's settings", () => {
  test("its promise, its taxes and its bill are Gulshan's at Gulshan, the first branch's at the first", async ({
    t,
    admin,
    dishes,
  }) => {
    await openGulshan(t, admin);
    const changed = await call(t, 'PATCH', '/api/v1/restaurant?branch=gulshan', admin, GULSHAN_RULES);
    expect(changed.statusCode, changed.body).toBe(200);
    const first = (await call(t, 'GET', '/api/v1/restaurant', admin)).json<{ data: { billing: unknown } }>().data;
    const tacos = named(dishes, 'Beef Tacos');
    const lines = [{ productId: tacos._id, quantity: 2 }];

    // The quote: Gulshan adds 10 % VAT on top and cooks in 45 minutes; the first branch's is inclusive, 20 minutes.
    const quote = async (query: string) => {
      const res = await call(t, 'POST', `/api/v1/tickets/quote${query}`, admin, { fulfilment: 'pickup', lines });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { total: number; taxInclusive: boolean; asap: { readyAt: string } } }>().data;
    };
    const atGulshan = await quote('?branch=gulshan');
    expect(atGulshan).toMatchObject({
      taxInclusive: false,
      total: Math.round(2 * tacos.price * 110) / 100,
      asap: { readyAt: '2026-06-01T12:45:00.000Z' },
    });
    expect(await quote('')).toMatchObject({
      taxInclusive: true,
      total: 2 * tacos.price,
      asap: { readyAt: '2026-06-01T12:20:00.000Z' },
    });
    expect(first.billing).toMatchObject({ taxInclusive: true });

    // Placed: the ticket is promised by its kitchen, its bill priced by its rules.
    const gulshanTicket = await placeAt(t, admin, '?branch=gulshan', order(tacos, { lines }));
    expect(gulshanTicket).toMatchObject({ branchId: '2', readyAt: '2026-06-01T12:45:00.000Z' });
    const firstTicket = await placeAt(t, admin, '', order(tacos, { lines }));
    expect(firstTicket).toMatchObject({ branchId: '1', readyAt: '2026-06-01T12:20:00.000Z' });
    const billAt = async (query: string, id: string | undefined) => {
      const res = await call(t, 'GET', `/api/v1/bills/${id}${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Bill }>().data;
    };
    const gulshanBill = await billAt('?branch=gulshan', gulshanTicket.billId);
    expect(gulshanBill).toMatchObject({ taxInclusive: false, total: atGulshan.total, due: atGulshan.total });
    expect(gulshanBill.taxes).toEqual([expect.objectContaining({ name: 'VAT', rate: 10 })]);
    expect(await billAt('', firstTicket.billId)).toMatchObject({ taxInclusive: true, total: 2 * tacos.price });

    // A guest's checkout at Gulshan: the same promise and the same taxes.
    const guest = await createAccount(t.app, { email: 'guest-at-gulshan@example.com' });
    const line = await orderDish(t.app, guest, tacos._id, 2, 'gulshan');
    const checkout = await call(t, 'POST', '/api/v1/checkout?branch=gulshan', guest, {
      orderIds: [line.orderMainId],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { Method: 'cash' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const guestTicket = checkout.json<{ data: Ticket }>().data;
    expect(guestTicket).toMatchObject({ branchId: '2', readyAt: '2026-06-01T12:45:00.000Z' });
    expect(await billAt('?branch=gulshan', guestTicket.billId)).toMatchObject({
      taxInclusive: false,
      total: atGulshan.total,
    });

    // Its bill's list and a payment of its whole due, at Gulshan: paid, under Gulshan's rules.
    const list = await call(t, 'GET', '/api/v1/bills?branch=gulshan', admin);
    expect(list.json<{ data: Bill[] }>().data.find((b) => b._id === gulshanTicket.billId)?.total).toBe(atGulshan.total);
    const paid = await call(t, 'POST', `/api/v1/bills/${gulshanTicket.billId}/payments?branch=gulshan`, admin, {
      method: 'cash',
      amount: atGulshan.total,
      key: newKey(),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<{ data: Bill }>().data).toMatchObject({ status: 'paid', total: atGulshan.total, due: 0 });

    // Gulshan's kitchen closed now (its hours), the first branch's open: as soon as possible is refused there only.
    const closed = await call(t, 'PATCH', '/api/v1/restaurant?branch=gulshan', admin, {
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '18:00', close: '23:00' })),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await call(t, 'POST', '/api/v1/tickets?branch=gulshan', admin, order(tacos));
    expect(refused.statusCode, refused.body).toBe(409);
    await placeAt(t, admin, '', order(tacos));
  });
});
