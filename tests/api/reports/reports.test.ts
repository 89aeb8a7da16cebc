import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { MAX_REPORT_TEXT_LENGTH } from '../../../src/shared/constants.ts';
import { type TestAccount, createAccount } from '../../support/factories.ts';
import { addReport, call, expectUnchanged, q, readRecord, reportEntry } from '../../support/records.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

const ADMIN = { email: 'sommelier@example.com', password: 'sommelier-password-1' };

const test = useRecordsWorld(ADMIN)
  .extend('fish', { scope: 'file' }, ({ dishes }) => dishes[3] as Product)
  .extend('pasta', { scope: 'file' }, ({ dishes }) => dishes[4] as Product);

const report = (t: TestApp, account: TestAccount, payload: unknown, email = account.email) =>
  addReport(t, account, payload, email);
const unreport = (t: TestApp, account: TestAccount, id: string, payload: unknown = { email: account.email }) =>
  call(t, 'PUT', `/api/v1/users/reports/${id}`, account, payload);

describe('PATCH /api/v1/users/reports/?email=', () => {
  test('stores the trimmed text with the dish from the catalogue', async ({ t, alice, fish }) => {
    const res = await report(
      t,
      alice,
      reportEntry(fish, alice.email, '  Too salty.  ', { orderName: 'Fake', orderImg: 'x', orderCategory: 'y' }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        _id: expect.any(String),
        orderMainId: body.data._id,
        orderId: fish._id,
        orderImg: fish.img,
        orderName: fish.name,
        orderCategory: fish.category,
        userGmail: alice.email,
        reportText: 'Too salty.',
      },
    });
    expect((await readRecord(t, alice)).reports).toEqual([body.data]);
  });

  test('refuses a second report of the same dish by the same guest with 409, also when two race', async ({
    t,
    alice,
    bob,
    fish,
    pasta,
  }) => {
    await expectUnchanged(t, async () => {
      const again = await call(
        t,
        'PATCH',
        `/api/v1/users/reports${q(alice.email)}`,
        alice,
        reportEntry(fish, alice.email, 'Still salty'),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: expect.any(String) });
    });
    const raced = await Promise.all([
      report(t, bob, reportEntry(pasta, bob.email, 'one')),
      report(t, bob, reportEntry(pasta, bob.email, 'two')),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await readRecord(t, bob)).reports).toHaveLength(1);
    // Another guest may report the same dish.
    expect((await report(t, bob, reportEntry(fish, bob.email, 'Agreed, salty'))).statusCode).toBe(201);
  });

  test('requires the text (1 to the limit, after trimming) and a known dish, changing nothing otherwise', async ({
    t,
    fish,
    pasta,
  }) => {
    const carol = await createAccount(t.app, { name: 'Carol' });
    await expectUnchanged(t, async () => {
      for (const reportText of [
        '',
        '   ',
        null,
        42,
        ['x'],
        'x'.repeat(MAX_REPORT_TEXT_LENGTH + 1),
        'nul\u0000byte',
        '\u0007bell',
      ]) {
        const res = await report(t, carol, reportEntry(fish, carol.email, reportText as string));
        expect(res.statusCode, String(reportText).slice(0, 20)).toBe(400);
        expect(res.json().message).toMatch(/reportText/);
      }
      const { reportText: _omitted, ...withoutText } = reportEntry(fish, carol.email, 'x');
      expect((await report(t, carol, withoutText)).statusCode).toBe(400);
      const { orderId: _id, ...withoutDish } = reportEntry(fish, carol.email, 'x');
      expect((await report(t, carol, withoutDish)).statusCode).toBe(400);
      expect((await report(t, carol, reportEntry(fish, carol.email, 'x', { orderId: 'abc' }))).statusCode).toBe(400);
      expect((await report(t, carol, reportEntry(fish, carol.email, 'x', { orderId: '999999' }))).statusCode).toBe(404);
    });
    expect(
      (await report(t, carol, reportEntry(fish, carol.email, 'x'.repeat(MAX_REPORT_TEXT_LENGTH)))).statusCode,
    ).toBe(201);
    const multiline = await report(t, carol, reportEntry(pasta, carol.email, 'Line one\r\n\tLine two 😀'));
    expect(multiline.statusCode).toBe(201);
    expect(multiline.json().data.reportText).toBe('Line one\r\n\tLine two 😀');
  });

  test('lets only the token owner report: 401 without a token, 403 for another e-mail or userGmail, also for an admin', async ({
    t,
    alice,
    bob,
    admin,
    pasta,
  }) => {
    await expectUnchanged(t, async () => {
      expect(
        (
          await call(
            t,
            'PATCH',
            `/api/v1/users/reports/${q(alice.email)}`,
            undefined,
            reportEntry(pasta, alice.email, 'x'),
          )
        ).statusCode,
      ).toBe(401);
      expect((await report(t, bob, reportEntry(pasta, alice.email, 'x'), alice.email)).statusCode).toBe(403);
      expect((await report(t, bob, reportEntry(pasta, alice.email, 'x'))).statusCode).toBe(403);
      expect((await report(t, admin, reportEntry(pasta, alice.email, 'x'), alice.email)).statusCode).toBe(403);
    });
  });
});

describe('PUT /api/v1/users/reports/{orderMainId}', () => {
  test("deletes the caller's report and answers with it; the dish can then be reported again", async ({ t, pasta }) => {
    const dave = await createAccount(t.app, { name: 'Dave' });
    const stored = (await report(t, dave, reportEntry(pasta, dave.email, 'Cold'))).json().data;
    const res = await unreport(t, dave, stored.orderMainId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String), data: stored });
    expect((await readRecord(t, dave)).reports).toEqual([]);
    expect((await unreport(t, dave, stored.orderMainId)).statusCode).toBe(404);
    expect((await report(t, dave, reportEntry(pasta, dave.email, 'Cold again'))).statusCode).toBe(201);
  });

  test("refuses someone else's report, another e-mail, no token, bad ids and a missing e-mail, changing nothing", async ({
    t,
    alice,
    bob,
    admin,
  }) => {
    const alices = (await readRecord(t, alice)).reports[0]?.orderMainId as string;
    await expectUnchanged(t, async () => {
      expect((await unreport(t, bob, alices)).statusCode).toBe(404);
      expect((await unreport(t, bob, alices, { email: alice.email })).statusCode).toBe(403);
      expect((await unreport(t, admin, alices, { email: alice.email })).statusCode).toBe(403);
      expect(
        (await call(t, 'PUT', `/api/v1/users/reports/${alices}`, undefined, { email: alice.email })).statusCode,
      ).toBe(401);
      expect((await unreport(t, alice, alices, {})).statusCode).toBe(400);
      for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999', '999999']) {
        const res = await unreport(t, alice, id);
        expect(res.statusCode, id).toBe(id === '999999' ? 404 : 400);
        expect(res.json()).toEqual({ success: false, message: expect.any(String) });
      }
    });
  });
});
