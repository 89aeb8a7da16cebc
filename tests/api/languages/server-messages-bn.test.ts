import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestAccount, bearer, createAccount, createAdmin } from '../../support/factories.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * The server's messages in the requester's language (decision 049): a refusal of a service, a
 * field's message of ours and zod's own message come in Bangla to a request in Bangla, with their
 * values and field names kept, and in English otherwise. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

describe('server messages in Bangla', () => {
  let t: TestApp;
  let guest: TestAccount;
  let admin: TestAccount;
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({}, { identityLimits: { signInFailures: 1000, signUpPerMinute: 1000 } });
    admin = await createAdmin(t.app, t.database);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/restaurant',
      headers: bearer(admin),
      payload: {
        timeZone: 'UTC',
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day: d, open: '00:00', close: '24:00' })),
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    guest = await createAccount(t.app, { name: 'Bina Bangla' });
  });
  afterAll(() => t.close());

  const reserve = (payload: Record<string, unknown>, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/reservations',
      headers: { ...bearer(guest), ...(language ? { cookie: `lang=${language}` } : {}) },
      payload: { date: day, time: '19:00', partySize: 2, name: 'Bina', phone: '+880 1711-000111', ...payload },
    });

  test("a service's refusal, with its value", async () => {
    const bn = await reserve({ time: '03:17' }, 'bn');
    expect(bn.statusCode).toBe(400);
    expect(bn.json().message).toBe('03:17 দিনের বুকিংয়ের সময়গুলোর একটি নয়');
    const en = await reserve({ time: '03:17' }, 'en');
    expect(en.json().message).toBe("time 03:17 is not one of the day's booking times");
    const printer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/printers/receipts',
      headers: { ...bearer(admin), cookie: 'lang=bn' },
      payload: { billId: '1' },
    });
    expect([404, 409]).toContain(printer.statusCode);
    expect(printer.json().message).toMatch(/[\u0980-\u09FF]/);
  });

  test("a field's message of ours and zod's own, the field's name kept", async () => {
    const ours = await reserve({ date: '2026-13-45' }, 'bn');
    expect(ours.statusCode).toBe(400);
    expect(ours.json().message).toMatch(/^date: [\u0980-\u09FF]/);
    expect((await reserve({ date: '2026-13-45' })).json().message).toMatch(/^date: must be a date/);

    const field = await reserve({ partySize: 'many' }, 'bn');
    expect(field.statusCode).toBe(400);
    expect((await reserve({ partySize: 'many' })).json().message).toBe('partySize: partySize must be a number');
    expect(field.json().message).toBe('partySize: partySize একটি সংখ্যা হতে হবে');

    // zod's own message (no message of ours on the body's shape), in zod's Bangla.
    const send = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/reservations',
        headers: {
          ...bearer(guest),
          'content-type': 'application/json',
          ...(language ? { cookie: `lang=${language}` } : {}),
        },
        payload: '[1, 2]',
      });
    expect((await send()).json().message).toBe('body: Invalid input: expected object, received array');
    expect((await send('bn')).json().message).toBe('body: অবৈধ ইনপুট: প্রত্যাশিত object, প্রাপ্ত array');
  });
});
