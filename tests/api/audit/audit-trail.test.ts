import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { AuditEntry, AuditReport } from '../../../src/shared/contract/audit.ts';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, createAccount, createStaff, orderDish, signInAccount } from '../../support/factories.ts';
import { call } from '../../support/records.ts';
import { newKey, order, post, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Issue 60 point 4 and 5: every act that changes money or who may do what leaves an entry in the
 * audit trail, with who did it, when, from which address and what changed from what; the owner
 * reads it (GET /api/v1/reports/audit, admin only; its CSV), with per staff member and day the
 * discounts, cancels after cooking started, refunds and give-backs. An entry is never altered:
 * no API changes one, and the database itself refuses an update or a delete. Real server, real
 * database: SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'audit-owner@example.com', password: 'audit-owner-password' };
const DAY = '2026-07-03';
const clock = () => Date.parse(`${DAY}T12:00:00.000Z`);
const test = useStaffOrderWorld(ADMIN, clock);

const audit = async (t: TestApp, who: TestAccount, query = `from=${DAY}&to=${DAY}`): Promise<AuditReport> => {
  const res = await call(t, 'GET', `/api/v1/reports/audit?${query}`, who);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as AuditReport;
};
const entriesOf = async (t: TestApp, who: TestAccount, kind: string) =>
  (await audit(t, who, `from=${DAY}&to=${DAY}&kind=${kind}`)).entries;
const getBill = async (t: TestApp, who: TestAccount, id: string): Promise<Bill> =>
  (await call(t, 'GET', `/api/v1/bills/${id}`, who)).json().data as Bill;

async function staffTicket(t: TestApp, staff: TestAccount, dish: Product): Promise<Ticket> {
  const res = await post(t, staff, order(dish, { lines: [{ productId: dish._id, quantity: 2 }] }));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Ticket;
}

const move = (t: TestApp, who: TestAccount, id: string, status: string, reason?: string) =>
  call(t, 'POST', `/api/v1/kitchen/tickets/${id}/status`, who, { status, ...(reason ? { reason } : {}) });
const plainDish = (dishes: Product[]) => dishes.find((d) => d.options.length === 0 && d.available) as Product;
const optionDish = (dishes: Product[]) => dishes.find((d) => d.options.some((g) => g.values.length > 1)) as Product;

describe('the audit trail of money and power', () => {
  test('a discount, a split, a payment and a give-back: who, when, from where, how much and why; a repeated key is kept once', async ({
    t,
    staff,
    dishes,
  }) => {
    const ticket = await staffTicket(t, staff, plainDish(dishes));
    const billId = ticket.billId as string;
    const discountKey = newKey();
    const discounted = await call(t, 'POST', `/api/v1/bills/${billId}/discounts`, staff, {
      percent: 10,
      reason: 'Cold soup',
      key: discountKey,
    });
    expect(discounted.statusCode, discounted.body).toBe(200);
    // Sent again (an offline queue's retry): taken once, kept once.
    expect(
      (
        await call(t, 'POST', `/api/v1/bills/${billId}/discounts`, staff, {
          percent: 10,
          reason: 'Cold soup',
          key: discountKey,
        })
      ).statusCode,
    ).toBe(200);
    const bill = await getBill(t, staff, billId);
    expect((await call(t, 'GET', `/api/v1/bills/${billId}/split?ways=3`, staff)).statusCode).toBe(200);
    const payKey = newKey();
    const half = Math.round(bill.due * 50) / 100;
    expect(
      (await call(t, 'POST', `/api/v1/bills/${billId}/payments`, staff, { method: 'cash', amount: half, key: payKey }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(t, 'POST', `/api/v1/bills/${billId}/payments`, staff, { method: 'cash', amount: half, key: payKey }))
        .statusCode,
    ).toBe(200);
    // A second discount below what was paid: owed back, and given back in cash.
    const admin = await adminOf(t);
    expect(
      (
        await call(t, 'POST', `/api/v1/bills/${billId}/discounts`, admin, {
          amount: bill.due - half + 1,
          reason: 'Waited an hour',
        })
      ).statusCode,
    ).toBe(200);
    const owed = (await getBill(t, staff, billId)).owedBack;
    expect(owed).toBeGreaterThan(0);
    const given = await call(t, 'POST', `/api/v1/bills/${billId}/refunds`, staff, {
      method: 'cash',
      amount: owed,
      reason: 'Waited an hour',
      key: newKey(),
    });
    expect(given.statusCode, given.body).toBe(201);

    const discounts = (await entriesOf(t, admin, 'discount')).filter((e) => e.subject === `Bill ${bill.number}`);
    expect(discounts).toHaveLength(2);
    const first = discounts.find((e) => e.reason === 'Cold soup') as AuditEntry;
    expect(first).toMatchObject({
      kind: 'discount',
      date: DAY,
      staff: { id: staff.userId, name: 'Counter Kim', email: staff.email, role: 'staff' },
      address: '127.0.0.1',
      amount: bill.discounts[0]?.amount,
    });
    expect(JSON.parse(first.after as string)).toEqual({ percent: 10 });
    expect(first.at).toBe(new Date(clock()).toISOString());
    const split = (await entriesOf(t, admin, 'split')).filter((e) => e.subject === `Bill ${bill.number}`);
    expect(split).toHaveLength(1);
    expect(JSON.parse(split[0]?.after as string)).toMatchObject({ ways: 3 });
    const payments = (await entriesOf(t, admin, 'payment')).filter((e) => e.subject === `Bill ${bill.number}`);
    expect(payments).toEqual([
      expect.objectContaining({ amount: half, staff: expect.objectContaining({ name: 'Counter Kim' }) }),
    ]);
    expect(JSON.parse(payments[0]?.after as string)).toMatchObject({ method: 'cash' });
    const giveBacks = (await entriesOf(t, admin, 'give-back')).filter((e) => e.subject === `Bill ${bill.number}`);
    expect(giveBacks).toEqual([expect.objectContaining({ amount: owed, reason: 'Waited an hour' })]);
  });

  test('a cancel after cooking started and one before; the online money it refunds', async ({
    t,
    staff,
    dishes,
    alice,
  }) => {
    const admin = await adminOf(t);
    expect(
      (await call(t, 'PATCH', '/api/v1/restaurant', admin, { unpaidOrders: { perGuest: 100, maxUnits: 10_000 } }))
        .statusCode,
    ).toBe(200);
    const dish = plainDish(dishes);
    const early = await staffTicket(t, staff, dish);
    expect((await move(t, staff, early._id, 'cancelled', 'Guest left')).statusCode).toBe(200);
    // A guest's pick-up, a share paid online (the demo provider), then cooked and cancelled.
    const line = await orderDish(t.app, alice, dish._id, 1);
    const placed = await call(t, 'POST', '/api/v1/checkout', alice, {
      orderIds: [line.orderMainId],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { Method: 'cash' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const late = placed.json().data as Ticket;
    const online = await call(t, 'POST', '/api/v1/payments', alice, {
      billId: late.billId,
      provider: 'demo',
      amount: 1,
      key: newKey(),
    });
    expect(online.statusCode, online.body).toBe(201);
    expect(
      (await call(t, 'GET', `/api/v1/payments/${online.json().data._id}?status=success&method=bkash`, alice)).json()
        .data.status,
    ).toBe('succeeded');
    expect((await move(t, staff, late._id, 'preparing')).statusCode).toBe(200);
    const cancelled = await move(t, staff, late._id, 'cancelled', 'Burnt');
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const cancels = await entriesOf(t, admin, 'cancel');
    const before = cancels.find((e) => e.subject === `Order ${early.number}`) as AuditEntry;
    const after = cancels.find((e) => e.subject === `Order ${late.number}`) as AuditEntry;
    expect(before).toMatchObject({
      reason: 'Guest left',
      amount: early.total,
      staff: expect.objectContaining({ name: 'Counter Kim' }),
    });
    expect(JSON.parse(before.before as string)).toMatchObject({ cooking: false });
    expect(after).toMatchObject({ reason: 'Burnt', amount: late.total });
    expect(JSON.parse(after.before as string)).toMatchObject({ cooking: true });
    const refunds = (await entriesOf(t, admin, 'refund')).filter((e) => e.subject === `Order ${late.number}`);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 1, staff: expect.objectContaining({ name: 'Counter Kim' }) }),
    ]);

    // The owner's page: per staff member and day, only the late cancel counts as one.
    const summary = (await audit(t, admin)).summary.find((s) => s.staff.id === staff.userId);
    expect(summary?.lateCancels).toEqual({ count: 1, amount: late.total });
    expect(summary?.refunds.count).toBeGreaterThanOrEqual(1);
  });

  test('price, option price and sold-out switches; settings; roles; printer secrets; receipts printed again', async ({
    t,
    staff,
    dishes,
  }) => {
    const admin = await adminOf(t);
    const dish = plainDish(dishes);
    expect(
      (await call(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, { price: dish.price + 2 })).statusCode,
    ).toBe(200);
    expect(
      (await call(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, staff, { available: false })).statusCode,
    ).toBe(200);
    const withOptions = optionDish(dishes);
    const value =
      withOptions.options.flatMap((g) => g.values).find((v) => v.available && !v.default) ??
      (withOptions.options[0]?.values[1] as Product['options'][number]['values'][number]);
    expect(
      (
        await call(t, 'PATCH', `/api/v1/allProductsData/${withOptions._id}/options/${value._id}`, staff, {
          available: false,
        })
      ).statusCode,
    ).toBe(200);
    const prices = (await entriesOf(t, admin, 'price')).find((e) => e.subject === `Dish ${dish.name}`) as AuditEntry;
    expect(prices).toMatchObject({ staff: expect.objectContaining({ role: 'admin' }), amount: 2 });
    expect(JSON.parse(prices.before as string).price).toBe(Math.round(dish.price * 100));
    expect(JSON.parse(prices.after as string).price).toBe(Math.round(dish.price * 100) + 200);
    const soldOut = await entriesOf(t, admin, 'sold-out');
    expect(JSON.parse(soldOut.find((e) => e.subject === `Dish ${dish.name}`)?.after as string)).toMatchObject({
      available: false,
    });
    const optionSwitch = soldOut.find((e) => e.subject === `Dish ${withOptions.name}`) as AuditEntry;
    expect(JSON.parse(optionSwitch.before as string).options[String(value._id)].available).toBe(true);
    expect(JSON.parse(optionSwitch.after as string).options[String(value._id)].available).toBe(false);

    expect((await call(t, 'PATCH', '/api/v1/restaurant', admin, { name: 'Audit Bistro' })).statusCode).toBe(200);
    const settings = (await entriesOf(t, admin, 'settings')).find((e) =>
      e.after?.includes('Audit Bistro'),
    ) as AuditEntry;
    expect(JSON.parse(settings.after as string)).toEqual({ name: 'Audit Bistro' });
    expect(JSON.parse(settings.before as string).name).not.toBe('Audit Bistro');

    const printer = await call(t, 'POST', '/api/v1/printers', admin, {
      name: 'Till printer',
      role: 'receipt',
      paperWidth: 80,
    });
    expect(printer.statusCode, printer.body).toBe(201);
    const printerId = printer.json().data._id as string;
    expect((await call(t, 'POST', `/api/v1/printers/${printerId}/secret`, admin)).statusCode).toBe(200);
    const testPage = await call(t, 'POST', `/api/v1/printers/${printerId}/test`, admin);
    expect((await call(t, 'POST', `/api/v1/printers/jobs/${testPage.json().data._id}/reprint`, staff)).statusCode).toBe(
      201,
    );
    const ticket = await staffTicket(t, staff, plainDish(dishes.filter((d) => d._id !== dish._id)));
    expect((await call(t, 'POST', '/api/v1/printers/receipts', staff, { billId: ticket.billId })).statusCode).toBe(201);
    expect((await entriesOf(t, admin, 'printer-secret')).map((e) => e.subject)).toContain('Printer Till printer');
    expect((await entriesOf(t, admin, 'reprint')).some((e) => e.staff.name === 'Counter Kim')).toBe(true);
    const bill = await getBill(t, staff, ticket.billId as string);
    expect((await entriesOf(t, admin, 'receipt-print')).map((e) => e.subject)).toContain(`Bill ${bill.number}`);

    // A role given, then the account deleted: its entries keep its name.
    const temp = await createStaff(t.app, admin, { name: 'Temporary Tanvir' });
    const roles = (await entriesOf(t, admin, 'role')).filter((e) => e.subject.includes(temp.email));
    expect(roles).toHaveLength(1);
    expect(JSON.parse(roles[0]?.before as string)).toEqual({ role: 'user' });
    expect(JSON.parse(roles[0]?.after as string)).toEqual({ role: 'staff' });
    expect((await call(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, temp, { available: true })).statusCode).toBe(
      200,
    );
    expect((await call(t, 'DELETE', `/api/v1/users/users/${temp.userId}`, admin)).statusCode).toBe(200);
    const kept = (await audit(t, admin, `from=${DAY}&to=${DAY}&staff=${temp.userId}`)).entries;
    expect(kept.map((e) => [e.kind, e.staff.name, e.staff.email])).toEqual([
      ['sold-out', 'Temporary Tanvir', temp.email],
    ]);
  });

  test('only administrators read it; a bad question is 400; the CSV holds the entries', async ({ t, staff }) => {
    const admin = await adminOf(t);
    const guest = await createAccount(t.app, { name: 'Curious Guest' });
    expect((await call(t, 'GET', `/api/v1/reports/audit?from=${DAY}&to=${DAY}`)).statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/v1/reports/audit?from=${DAY}&to=${DAY}`, guest)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/v1/reports/audit?from=${DAY}&to=${DAY}`, staff)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/v1/reports/audit.csv?from=${DAY}&to=${DAY}`, staff)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/v1/reports/audit?from=${DAY}&to=2026-07-01`, admin)).statusCode).toBe(400);
    expect((await call(t, 'GET', `/api/v1/reports/audit?from=${DAY}&to=${DAY}&kind=nothing`, admin)).statusCode).toBe(
      400,
    );
    const ticket = await staffTicket(
      t,
      staff,
      plainDish((await call(t, 'GET', '/api/v1/allProductsData')).json().data as Product[]),
    );
    expect(
      (
        await call(t, 'POST', `/api/v1/bills/${ticket.billId}/discounts`, staff, {
          amount: 1,
          reason: '=HYPERLINK("x")',
        })
      ).statusCode,
    ).toBe(200);
    const csv = await call(t, 'GET', `/api/v1/reports/audit.csv?from=${DAY}&to=${DAY}&kind=discount`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,date,staff,email,role,address,kind,subject,amount,reason,before,after');
    // The reason a spreadsheet would run as a formula is defused.
    expect(
      lines.some((l) => l.includes(`"'=HYPERLINK(""x"")"`) && l.includes('Counter Kim') && l.includes(',1.00,')),
    ).toBe(true);
  });

  test('an entry is never altered: no route changes one, and the database refuses an update or a delete', async ({
    t,
  }) => {
    const admin = await adminOf(t);
    const before = await t.database.db.selectFrom('audit_entries').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect(
        (
          await call(
            t,
            method,
            `/api/v1/reports/audit?from=${DAY}&to=${DAY}`,
            admin,
            method === 'DELETE' ? undefined : {},
          )
        ).statusCode,
      ).toBe(404);
    }
    const id = before[0]?.id as number;
    await expect(
      t.database.db.updateTable('audit_entries').set({ staff_name: 'Someone else' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('audit_entries').where('id', '=', id).execute()).rejects.toThrow(
      /append-only/,
    );
    if (t.database.engine === 'postgres')
      await expect(sql`truncate audit_entries`.execute(t.database.db)).rejects.toThrow(/append-only/);
    expect(await t.database.db.selectFrom('audit_entries').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

/** The first administrator of the world, signed in afresh. */
async function adminOf(t: TestApp): Promise<TestAccount> {
  return signInAccount(t.app, ADMIN.email, ADMIN.password);
}
