import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { GULSHAN } from '../../support/branches.ts';
import { type TestAccount, createAccount, orderDish } from '../../support/factories.ts';
import { call } from '../../support/records.ts';
import { named, newKey, order, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';

/**
 * Issue 57, "Guests" (docs/reference/branches.md): a guest's mail, its calendar event and a
 * receipt are their branch's: its name, address, phone and clock. Gulshan keeps Dhaka's clock
 * (UTC+6) beside a main branch on UTC, so a time on the wrong clock shows. With one branch the
 * mail and the receipt are what they were (no phone on the receipt). On both engines.
 */
const ADMIN = { email: 'guest-papers@example.com', password: 'guest-papers-password' };
/** 2026-06-01 12:00 UTC: 18:00 in Gulshan. */
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const GULSHAN_HERE = { ...GULSHAN, timeZone: 'Asia/Dhaka', translations: { bn: { name: 'গুলশান' } } };
const PHONE = `Phone: ${GULSHAN.phone}`;

/** The mails written for `who` (the outbox keeps each one as it was written), oldest first. */
const mailsTo = (t: TestApp, who: TestAccount) =>
  t.database.db
    .selectFrom('outbox')
    .select(['subject', 'body', 'ics'])
    .where('to_address', '=', who.email)
    .orderBy('id')
    .execute();

async function book(t: TestApp, who: TestAccount, query: string, time = '19:00') {
  const res = await call(t, 'POST', `/api/v1/reservations${query}`, who, {
    date: '2026-06-02',
    time,
    partySize: 2,
    name: 'Rahim Guest',
    phone: '+880 1711-000000',
  });
  expect([res.statusCode, res.body]).toEqual([201, expect.any(String)]);
  return res.json<{ data: Reservation }>().data;
}

async function receiptOf(t: TestApp, who: TestAccount, billId: string, query = '') {
  const res = await call(t, 'GET', `/api/v1/bills/${billId}/receipt${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** A guest's pick-up at `query`'s branch, paid at checkout (the demo provider); its bill's id. */
async function paidPickUp(t: TestApp, guest: TestAccount, dishId: string, query: string): Promise<string> {
  const line = await orderDish(t.app, guest, dishId, 1, new URLSearchParams(query).get('branch') ?? undefined);
  const res = await call(t, 'POST', `/api/v1/checkout${query}`, guest, {
    orderIds: [line.orderMainId],
    fulfilment: 'pickup',
    when: 'asap',
    pay: { Method: 'bkash', AccountNumber: '01711000000' },
  });
  expect([res.statusCode, res.body]).toEqual([201, expect.any(String)]);
  return res.json<{ data: Ticket }>().data.billId as string;
}

describe("a guest's mails and receipts name their branch", () => {
  test('with one branch, the mail and the receipt are as they were', async ({ t, staff, dishes }) => {
    expect(staff.accessToken).toBeTruthy();
    const guest = await createAccount(t.app, { email: 'papers-one@example.com' });
    await book(t, guest, '');
    const [mail] = await mailsTo(t, guest);
    expect(mail?.subject).toBe('Table reserved at Saffron Table: 2026-06-02 at 19:00, 2 guests');
    expect(mail?.body).toContain('  2026-06-02 at 19:00 (UTC)\n');
    expect(mail?.ics).toContain('LOCATION:12 Lake Road');
    const receipt = await receiptOf(t, guest, await paidPickUp(t, guest, named(dishes, 'Beef Tacos')._id, ''));
    expect(receipt).toContain('<h1>Saffron Table</h1>');
    expect(receipt).not.toContain('Phone');
  });

  test("a booking at Gulshan is mailed with Gulshan's name, address, phone and clock, in the guest's language", async ({
    t,
    admin,
  }) => {
    const opened = await call(t, 'POST', '/api/v1/branches', admin, GULSHAN_HERE);
    expect(opened.statusCode).toBe(201);
    const table = await call(t, 'POST', '/api/v1/tables?branch=gulshan', admin, {
      name: 'Garden 1',
      minCovers: 1,
      maxCovers: 4,
    });
    expect(table.statusCode).toBe(201);
    const guest = await createAccount(t.app, { email: 'papers-gulshan@example.com' });
    const booked = await book(t, guest, '?branch=gulshan');
    expect(booked.branchId).toBe(opened.json<{ data: { _id: string } }>().data._id);
    const [mail] = await mailsTo(t, guest);
    expect(mail?.subject).toBe('Table reserved at Gulshan: 2026-06-02 at 19:00, 2 guests');
    expect(mail?.body).toContain('  2026-06-02 at 19:00 (Asia/Dhaka)\n');
    expect(mail?.body).toContain(`\nGulshan, ${GULSHAN.address}\n${PHONE}\n`);
    // 19:00 in Dhaka is 13:00 UTC; the event's place is the branch.
    expect(mail?.ics).toContain('DTSTART:20260602T130000Z');
    expect(mail?.ics).toContain('LOCATION:Gulshan\\, Road 11\\, Gulshan 2');
    expect(mail?.ics).toContain('SUMMARY;LANGUAGE=en:Table at Gulshan (2 guests)');

    // In Bangla, the branch's Bangla name (Gulshan's one table is taken at 19:00).
    const bangla = await createAccount(t.app, { email: 'papers-bangla@example.com' });
    await book(t, bangla, '?branch=gulshan&lang=bn', '21:30');
    const [inBangla] = await mailsTo(t, bangla);
    expect(inBangla?.subject).toContain('গুলশান');
    expect(inBangla?.body).toContain(`\nগুলশান, ${GULSHAN.address}\n`);

    // The main branch's booking keeps the main branch's place and clock.
    const main = await createAccount(t.app, { email: 'papers-main@example.com' });
    await book(t, main, '');
    const [mainMail] = await mailsTo(t, main);
    expect(mainMail?.subject).toBe('Table reserved at Saffron Table: 2026-06-02 at 19:00, 2 guests');
    expect(mainMail?.body).toContain('  2026-06-02 at 19:00 (UTC)\n');
    expect(mainMail?.body).not.toContain(GULSHAN.address);
  });

  test('a bill paid at Gulshan: its receipt, on the page and on paper, names Gulshan with its address, phone and clock', async ({
    t,
    admin,
    staff,
    dishes,
  }) => {
    const tacos = named(dishes, 'Beef Tacos');
    const guest = await createAccount(t.app, { email: 'papers-receipt@example.com' });
    const billId = await paidPickUp(t, guest, tacos._id, '?branch=gulshan');
    // The guest reads it wherever they are; it is Gulshan's, on Gulshan's clock (12:00 UTC is 18:00 there).
    for (const query of ['', '?branch=main']) {
      const receipt = await receiptOf(t, guest, billId, query);
      expect(receipt).toContain(`<h1>Gulshan</h1>\n<p>${GULSHAN.address}</p>\n<p>${PHONE}</p>\n`);
      expect(receipt).toContain('2026-06-01 18:00');
    }
    expect(await receiptOf(t, guest, billId, '?lang=bn')).toContain('<h1>গুলশান</h1>');
    expect(await receiptOf(t, staff, billId, '?branch=gulshan')).toContain(`<p>${PHONE}</p>`);

    // Printed at Gulshan's receipt printer when staff take the cash: the same header.
    const till = await call(t, 'POST', '/api/v1/printers?branch=gulshan', admin, {
      name: 'Gulshan till',
      role: 'receipt',
      paperWidth: 80,
    });
    expect(till.statusCode).toBe(201);
    const placed = await call(t, 'POST', '/api/v1/tickets?branch=gulshan', staff, order(tacos));
    expect(placed.statusCode).toBe(201);
    const bill = placed.json<{ data: Ticket }>().data.billId as string;
    const due = (await call(t, 'GET', `/api/v1/bills/${bill}?branch=gulshan`, staff)).json<{ data: Bill }>().data.due;
    const paid = await call(t, 'POST', `/api/v1/bills/${bill}/payments?branch=gulshan`, staff, {
      method: 'cash',
      amount: due,
      key: newKey(),
    });
    expect(paid.statusCode).toBe(201);
    const job = () =>
      t.database.db
        .selectFrom('print_jobs')
        .select('document')
        .where('kind', '=', 'receipt')
        .where('bill_id', '=', Number(bill))
        .executeTakeFirst();
    await until(async () => (await job()) !== undefined, "the paid bill's printed receipt");
    const printed = (await job())?.document ?? '';
    expect(printed.split('\n').slice(0, 3)).toEqual(['^^Gulshan', GULSHAN.address, PHONE]);
    expect(printed).toContain('2026-06-01 18:00');
  });
});
