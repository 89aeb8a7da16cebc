import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { PrintJobView, PrinterView } from '../../../src/shared/contract/printers.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { FakeCloudPrntPrinter } from '../../support/fake-cloudprnt.ts';
import { type Made, addPrinter, byCategory, jobsOf, on, removeAll, staffOrder } from '../../support/printers.ts';
import { call as send } from '../../support/records.ts';
import { useStaffOrderWorld } from '../../support/staff-orders.ts';
import { until } from '../../support/until.ts';

/**
 * Printers that pull their jobs (docs/reference/service.md, issue 49) through the HTTP API and a fake
 * CloudPRNT printer polling the listening server; the restaurant's clock is pinned and stepped
 * for the 60 s and 30 s rules. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'printer-owner@example.com', password: 'printer-owner-password' };
let clock = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => clock);

describe('setting printers up', () => {
  test('admins only; every field validated; the secret address shown once, renewable, the old one refused', async ({
    t,
    admin,
    staff,
    alice,
    base,
  }) => {
    const body = { name: 'Grill', role: 'kitchen', categories: ['Burgers'], paperWidth: 80 };
    for (const [who, status] of [
      [undefined, 401],
      [alice, 403],
      [staff, 403],
    ] as const) {
      expect((await send(t, 'GET', '/api/v1/printers', who)).statusCode).toBe(status);
      expect((await send(t, 'POST', '/api/v1/printers', who, body)).statusCode).toBe(status);
      expect((await send(t, 'PATCH', '/api/v1/printers/1', who, { name: 'x' })).statusCode).toBe(status);
      expect((await send(t, 'DELETE', '/api/v1/printers/1', who)).statusCode).toBe(status);
    }
    for (const bad of [
      { ...body, role: 'oven' },
      { ...body, paperWidth: 72 },
      { ...body, name: '' },
      { ...body, name: 'x'.repeat(61) },
      { ...body, categories: 'Burgers' },
      { ...body, categories: [''] },
      { role: 'bar', paperWidth: 80 },
    ]) {
      const res = await send(t, 'POST', '/api/v1/printers', admin, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await send(t, 'PATCH', '/api/v1/printers/1', admin, {})).statusCode).toBe(400);
    expect((await send(t, 'PATCH', '/api/v1/printers/999999', admin, { name: 'Nope' })).statusCode).toBe(404);

    const made = await addPrinter(t, admin, body);
    expect(made.pollUrl).toMatch(new RegExp(`^${t.config.publicUrl}/api/v1/printers/poll/[A-Za-z0-9_-]{32}$`));
    const list = (await send(t, 'GET', '/api/v1/printers', admin)).json().data as PrinterView[];
    expect(list).toEqual([
      {
        _id: made._id,
        branchId: '1',
        name: 'Grill',
        role: 'kitchen',
        categories: ['Burgers'],
        paperWidth: 80,
        lastSeen: null,
        status: 'offline',
        queued: 0,
        createdAt: made.createdAt,
      },
    ]);
    // Shown once: no answer but the one that made it (or renewed it) holds the address.
    expect(JSON.stringify(list)).not.toContain(new URL(made.pollUrl).pathname.split('/').pop());

    const printer = new FakeCloudPrntPrinter({ urls: [on(base, made)] });
    expect(await printer.pollOnce()).toBeUndefined();
    const renewed = (await send(t, 'POST', `/api/v1/printers/${made._id}/secret`, admin)).json().data as Made;
    expect(renewed.pollUrl).not.toBe(made.pollUrl);
    await expect(printer.pollOnce()).rejects.toThrow(/poll: 404/);
    expect(await new FakeCloudPrntPrinter({ urls: [on(base, renewed)] }).pollOnce()).toBeUndefined();
    expect(
      (
        await fetch(`${base}/api/v1/printers/poll/short`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(400);

    const patched = (
      await send(t, 'PATCH', `/api/v1/printers/${made._id}`, admin, {
        name: 'Grill 2',
        role: 'receipt',
        paperWidth: 58,
      })
    ).json().data as PrinterView;
    expect(patched).toMatchObject({
      name: 'Grill 2',
      role: 'receipt',
      categories: [],
      paperWidth: 58,
      status: 'online',
    });
    expect((await send(t, 'DELETE', `/api/v1/printers/${made._id}`, admin)).statusCode).toBe(200);
    expect((await send(t, 'DELETE', `/api/v1/printers/${made._id}`, admin)).statusCode).toBe(404);
  });
});

describe('jobs', () => {
  test('one job per printer whose categories a ticket has; a category printed nowhere goes to the first kitchen printer; each printed once', async ({
    t,
    admin,
    staff,
    dishes,
    base,
  }) => {
    await removeAll(t);
    const [salad] = byCategory(dishes, 'Salads');
    const [sandwich] = byCategory(dishes, 'Sandwiches');
    const [dessert] = byCategory(dishes, 'Desserts');
    if (!salad || !sandwich || !dessert) throw new Error('the demo menu changed');
    const hot = await addPrinter(t, admin, {
      name: 'Hot',
      role: 'kitchen',
      categories: ['Sandwiches'],
      paperWidth: 80,
    });
    const cold = await addPrinter(t, admin, { name: 'Cold', role: 'bar', categories: ['Salads'], paperWidth: 58 });
    await addPrinter(t, admin, { name: 'Till', role: 'receipt', paperWidth: 80 });
    const hotPrinter = new FakeCloudPrntPrinter({ urls: [on(base, hot)] });
    const coldPrinter = new FakeCloudPrntPrinter({ urls: [on(base, cold)], supports: ['application/vnd.escpos'] });

    const ticket = await staffOrder(t, staff, [
      { productId: sandwich._id, quantity: 2, note: 'no onion' },
      { productId: salad._id, quantity: 1 },
      { productId: dessert._id, quantity: 3 },
    ]);
    await until(
      async () => (await jobsOf(t, admin, hot._id)).length === 1 && (await jobsOf(t, admin, cold._id)).length === 1,
      'the jobs',
    );
    const [hotCopy] = await hotPrinter.drain();
    const [coldCopy] = await coldPrinter.drain();
    // Hot prints the sandwiches and the dessert (no printer takes desserts); cold the salad, in ESC/POS.
    expect(hotCopy?.text).toContain(ticket.number);
    expect(hotCopy?.text).toContain(sandwich.name);
    expect(hotCopy?.text).toContain('NOTE: no onion');
    expect(hotCopy?.text).toContain(dessert.name);
    expect(hotCopy?.text).not.toContain(salad.name);
    expect(hotCopy?.type).toBe('application/vnd.star.starprnt');
    expect(coldCopy?.text).toContain(salad.name);
    expect(coldCopy?.text).not.toContain(sandwich.name);
    expect(coldCopy?.type).toBe('application/vnd.escpos');
    expect(coldCopy?.bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    // Printed once: confirmed, never offered again.
    expect(await hotPrinter.pollOnce()).toBeUndefined();
    expect((await jobsOf(t, admin, hot._id)).map((j) => j.status)).toEqual(['printed']);
    // The ticket announced again (a bill paid later) makes no second job.
    const bill = (await send(t, 'GET', `/api/v1/bills/${ticket.billId}`, staff)).json().data as Bill;
    expect(
      (
        await send(t, 'POST', `/api/v1/bills/${ticket.billId}/payments`, staff, {
          method: 'cash',
          amount: bill.due,
          key: 'printers-pay-1',
        })
      ).statusCode,
    ).toBe(201);
    await until(
      async () =>
        (await t.database.db.selectFrom('print_jobs').select('id').where('kind', '=', 'receipt').execute()).length ===
        1,
      'the receipt',
    );
    expect((await jobsOf(t, admin, hot._id)).length).toBe(1);
  });

  test('a recall prints "RECALLED", a cancel "CANCELLED" with its reason, at the printers that printed the order', async ({
    t,
    admin,
    staff,
    dishes,
    base,
  }) => {
    await removeAll(t);
    const [sandwich] = byCategory(dishes, 'Sandwiches');
    const hot = await addPrinter(t, admin, { name: 'Hot', role: 'kitchen', categories: [], paperWidth: 80 });
    const printer = new FakeCloudPrntPrinter({ urls: [on(base, hot)] });
    const ticket = await staffOrder(t, staff, [{ productId: sandwich?._id as string, quantity: 1 }]);
    await until(async () => (await jobsOf(t, admin, hot._id)).length === 1, 'the order');
    for (const status of ['ready', 'preparing'])
      expect(
        (await send(t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, staff, { status })).statusCode,
      ).toBe(200);
    expect(
      (
        await send(t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, staff, {
          status: 'cancelled',
          reason: 'Guest left',
        })
      ).statusCode,
    ).toBe(200);
    await until(async () => (await jobsOf(t, admin, hot._id)).length === 3, 'the slips');
    // Waiting jobs go out together (at most 10 a CloudPRNT job), oldest first, each cut apart.
    const text = (await printer.drain()).map((c) => c.text).join('');
    expect(text.split(ticket.number)).toHaveLength(4);
    expect(text.indexOf('RECALLED')).toBeGreaterThan(text.indexOf(ticket.number));
    expect(text.indexOf('CANCELLED')).toBeGreaterThan(text.indexOf('RECALLED'));
    expect(text.indexOf('Reason: Guest left')).toBeGreaterThan(text.indexOf('CANCELLED'));
  });

  test('a bill paid prints its receipt at the receipt printer, "Print receipt" again; staff only; no receipt printer is a 409', async ({
    t,
    admin,
    staff,
    alice,
    dishes,
    base,
  }) => {
    await removeAll(t);
    const [sandwich] = byCategory(dishes, 'Sandwiches');
    const ticket = await staffOrder(t, staff, [{ productId: sandwich?._id as string, quantity: 2 }]);
    expect((await send(t, 'POST', '/api/v1/printers/receipts', staff, { billId: ticket.billId })).statusCode).toBe(409);
    const till = await addPrinter(t, admin, { name: 'Till', role: 'receipt', paperWidth: 80 });
    const printer = new FakeCloudPrntPrinter({ urls: [on(base, till)], supports: ['text/plain'] });
    const bill = (await send(t, 'GET', `/api/v1/bills/${ticket.billId}`, staff)).json().data as Bill;
    expect(
      (
        await send(t, 'POST', `/api/v1/bills/${ticket.billId}/payments`, staff, {
          method: 'cash',
          amount: bill.due,
          key: 'printers-pay-2',
        })
      ).statusCode,
    ).toBe(201);
    await until(async () => (await jobsOf(t, admin, till._id)).length === 1, 'the receipt');
    for (const [who, status] of [
      [undefined, 401],
      [alice, 403],
    ] as const)
      expect((await send(t, 'POST', '/api/v1/printers/receipts', who, { billId: ticket.billId })).statusCode).toBe(
        status,
      );
    expect((await send(t, 'POST', '/api/v1/printers/receipts', staff, { billId: 'x' })).statusCode).toBe(400);
    expect((await send(t, 'POST', '/api/v1/printers/receipts', staff, { billId: '999999' })).statusCode).toBe(404);
    expect((await send(t, 'POST', '/api/v1/printers/receipts', staff, { billId: ticket.billId })).statusCode).toBe(201);
    const copies = await printer.drain();
    expect(
      copies
        .map((c) => c.text)
        .join('')
        .split('Thank you'),
    ).toHaveLength(3);
    const paid = (await send(t, 'GET', `/api/v1/bills/${ticket.billId}`, staff)).json().data as Bill;
    const page = (await send(t, 'GET', `/api/v1/bills/${ticket.billId}/receipt`, staff)).body;
    for (const copy of copies.map((c) => ({ text: c.text.split('Thank you')[0] as string }))) {
      // The same content as the receipt page.
      for (const text of [
        `Receipt no. ${paid.receiptNumber}`,
        `${sandwich?.name}`,
        'Subtotal',
        'Paid by cash',
        'Thank you',
      ]) {
        expect(page).toContain(text);
        if (text !== 'Thank you') expect(copy.text).toContain(text);
      }
    }
  });

  test('"Reprint" prints a copy marked "REPRINT"; a test page; Bangla printed as a picture', async ({
    t,
    admin,
    staff,
    alice,
    base,
  }) => {
    await removeAll(t);
    const bangla = await addPrinter(t, admin, { name: 'রান্নাঘর', role: 'kitchen', paperWidth: 80 });
    const printer = new FakeCloudPrntPrinter({ urls: [on(base, bangla)], supports: ['application/vnd.escpos'] });
    for (const [who, status] of [
      [undefined, 401],
      [alice, 403],
      [staff, 403],
    ] as const)
      expect((await send(t, 'POST', `/api/v1/printers/${bangla._id}/test`, who)).statusCode).toBe(status);
    const test1 = (await send(t, 'POST', `/api/v1/printers/${bangla._id}/test`, admin)).json().data as PrintJobView;
    const [page] = await printer.drain();
    expect(page?.text).toContain('TEST PAGE');
    expect(page?.text).not.toContain('REPRINT');
    // The name and the Bangla line are raster pictures (ESC/POS GS 8 L), not text.
    expect(page?.bytes.includes(Buffer.from([0x1d, 0x38, 0x4c]))).toBe(true);
    expect(page?.text).not.toContain('রান্নাঘর');
    for (const [who, status] of [
      [undefined, 401],
      [alice, 403],
    ] as const)
      expect((await send(t, 'POST', `/api/v1/printers/jobs/${test1._id}/reprint`, who)).statusCode).toBe(status);
    expect((await send(t, 'POST', '/api/v1/printers/jobs/999999/reprint', staff)).statusCode).toBe(404);
    const again = await send(t, 'POST', `/api/v1/printers/jobs/${test1._id}/reprint`, staff);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ reprint: true, status: 'queued', kind: 'test' });
    const [copy] = await printer.drain();
    expect(copy?.text).toContain('REPRINT');
    expect(copy?.text).toContain('TEST PAGE');
  });
});

describe('once, and printers that go away', () => {
  test('twenty polls at once share no job: each claim holds its own jobs, every job printed once', async ({
    t,
    admin,
    base,
  }) => {
    await removeAll(t);
    const hot = await addPrinter(t, admin, { name: 'Hot', role: 'kitchen', paperWidth: 80 });
    const at = new Date(clock).toISOString();
    await t.database.db
      .insertInto('print_jobs')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          printer_id: Number(hot._id),
          kind: 'test',
          title: `Job ${i}`,
          document: `JOB-${1000 + i}`,
          status: 'queued',
          created_at: at,
        })),
      )
      .execute();
    // As many polls at once as two servers could answer for one address (on PostgreSQL, each on its own connection).
    const pollers = Array.from(
      { length: 20 },
      () => new FakeCloudPrntPrinter({ urls: [on(base, hot)], supports: ['text/plain'] }),
    );
    const copies = await Promise.all(pollers.map((p) => p.pollOnce()));
    const rest = await pollers[0]?.drain();
    const text = [...copies, ...(rest ?? [])].map((c) => c?.text ?? '').join('');
    for (let i = 0; i < 40; i += 1) expect(text.split(`JOB-${1000 + i}`), `JOB-${1000 + i}`).toHaveLength(2);
    expect((await jobsOf(t, admin, hot._id)).every((j) => j.status === 'printed')).toBe(true);
  });

  test('a job fetched but not confirmed within 60 s is offered again, marked "REPRINT"; never before', async ({
    t,
    admin,
    staff,
    dishes,
    base,
  }) => {
    await removeAll(t);
    const [sandwich] = byCategory(dishes, 'Sandwiches');
    const hot = await addPrinter(t, admin, { name: 'Hot', role: 'kitchen', paperWidth: 80 });
    const printer = new FakeCloudPrntPrinter({ urls: [on(base, hot)], confirms: false });
    const ticket = await staffOrder(t, staff, [{ productId: sandwich?._id as string, quantity: 1 }]);
    await until(async () => (await jobsOf(t, admin, hot._id)).length === 1, 'the order');
    const first = await printer.pollOnce();
    expect(first?.text).toContain(ticket.number);
    expect(first?.text).not.toContain('REPRINT');
    expect((await jobsOf(t, admin, hot._id))[0]?.status).toBe('sent');
    clock += 59_000;
    expect(await printer.pollOnce()).toBeUndefined();
    clock += 2_000;
    const second = await printer.pollOnce();
    expect(second?.text).toContain('REPRINT');
    expect(second?.text).toContain(ticket.number);
    expect(second?.token).not.toBe(first?.token);
    // The first copy's late confirmation no longer counts; the second's does.
    expect((await fetch(`${on(base, hot)}?code=200%20OK&token=${first?.token}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await fetch(`${on(base, hot)}?code=200%20OK&token=${second?.token}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    printer.confirms = true;
    clock += 61_000;
    expect(await printer.pollOnce()).toBeUndefined();
    expect((await jobsOf(t, admin, hot._id)).map((j) => [j.status, j.reprint])).toEqual([['printed', true]]);
  });

  test('a printer silent for 30 s is offline ("since" its last poll); tickets still reach the board; its jobs print when it is back, oldest first', async ({
    t,
    admin,
    staff,
    alice,
    dishes,
    base,
  }) => {
    await removeAll(t);
    const [sandwich] = byCategory(dishes, 'Sandwiches');
    const hot = await addPrinter(t, admin, { name: 'Hot', role: 'kitchen', paperWidth: 80 });
    const printer = new FakeCloudPrntPrinter({ urls: [on(base, hot)] });
    const states = () => send(t, 'GET', '/api/v1/printers/states', staff).then((res) => res.json().data);
    expect(await states()).toEqual([
      { _id: hot._id, name: 'Hot', role: 'kitchen', status: 'offline', since: hot.createdAt },
    ]);
    expect((await send(t, 'GET', '/api/v1/printers/states')).statusCode).toBe(401);
    expect((await send(t, 'GET', '/api/v1/printers/states', alice)).statusCode).toBe(403);
    await printer.pollOnce();
    const seen = new Date(clock).toISOString();
    expect(await states()).toEqual([{ _id: hot._id, name: 'Hot', role: 'kitchen', status: 'online', since: null }]);
    clock += 29_000;
    expect((await send(t, 'GET', '/api/v1/printers', admin)).json().data[0]).toMatchObject({
      status: 'online',
      lastSeen: seen,
    });
    // Gone for a minute: offline after 30 s; three tickets placed meanwhile wait for it.
    clock += 2_000;
    expect(await states()).toEqual([{ _id: hot._id, name: 'Hot', role: 'kitchen', status: 'offline', since: seen }]);
    const placed: Ticket[] = [];
    for (let i = 0; i < 3; i += 1) {
      placed.push(await staffOrder(t, staff, [{ productId: sandwich?._id as string, quantity: i + 1 }]));
      clock += 10_000;
    }
    const board = (await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as { number: string }[];
    expect(placed.every((p) => board.some((b) => b.number === p.number))).toBe(true);
    await until(
      async () => (await send(t, 'GET', '/api/v1/printers', admin)).json().data[0].queued === 3,
      'three jobs queued',
    );
    clock += 30_000;
    const text = (await printer.drain()).map((c) => c.text).join('');
    const at = placed.map((p) => text.indexOf(p.number));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    expect((await send(t, 'GET', '/api/v1/printers', admin)).json().data[0]).toMatchObject({
      status: 'online',
      queued: 0,
    });
  });
});
