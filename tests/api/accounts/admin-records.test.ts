import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { TestAccount } from '../../support/factories.ts';
import {
  addFavorite,
  addOrder,
  addReport,
  call,
  expectUnchanged,
  favoriteEntry,
  orderEntry,
  q,
  readRecord,
  reportEntry,
  snapshot,
} from '../../support/records.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

const ADMIN = { email: 'manager@example.com', password: 'manager-password-1' };
const KINDS = ['orders', 'favorites', 'reports'] as const;
type Kind = (typeof KINDS)[number];

/** Each guest starts with two orders, two favourites and two reports. */
const test = useRecordsWorld(ADMIN).extend(
  'records',
  { scope: 'file', auto: true },
  async ({ t, alice, bob, dishes }) => {
    for (const account of [alice, bob]) {
      for (const dish of dishes.slice(0, 2)) {
        expect((await addOrder(t, account, orderEntry(dish, 1, account.email))).statusCode).toBe(201);
        expect((await addFavorite(t, account, favoriteEntry(dish, account.email))).statusCode).toBe(201);
        expect((await addReport(t, account, reportEntry(dish, account.email, 'meh'))).statusCode).toBe(201);
      }
    }
    return true;
  },
);

const adminUrl = (email: string, kind: Kind, id: string) =>
  `/api/v1/admin/users/${encodeURIComponent(email)}/${kind}/${id}`;
const firstId = async (t: TestApp, account: TestAccount, kind: Kind) =>
  (await readRecord(t, account))[kind][0]?.orderMainId as string;

describe('DELETE /api/v1/admin/users/{email}/{orders|favorites|reports}/{orderMainId}', () => {
  test('refuses every call without a token (401) and to a plain user (403), changing nothing', async ({
    t,
    alice,
    bob,
  }) => {
    await expectUnchanged(t, async () => {
      for (const kind of KINDS) {
        const id = await firstId(t, alice, kind);
        const anonymous = await call(t, 'DELETE', adminUrl(alice.email, kind, id));
        expect(anonymous.statusCode, kind).toBe(401);
        expect(anonymous.json()).toEqual({ success: false, message: expect.any(String) });
        // Not even for one's own records: these calls are the administrators'.
        expect((await call(t, 'DELETE', adminUrl(alice.email, kind, id), alice)).statusCode, kind).toBe(403);
        expect((await call(t, 'DELETE', adminUrl(alice.email, kind, id), bob)).statusCode, kind).toBe(403);
      }
    });
  });

  for (const kind of KINDS) {
    test(`removes exactly that ${kind} record of that user`, async ({ t, alice, admin }) => {
      const before = await snapshot(t);
      const target = (await readRecord(t, alice))[kind][0];
      expect(target).toBeDefined();
      const res = await call(t, 'DELETE', adminUrl(alice.email, kind, target?.orderMainId as string), admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.any(String), data: target });
      const after = await snapshot(t);
      expect(after[kind].map((r) => r.id)).toEqual(
        before[kind].map((r) => r.id).filter((id) => id !== Number(target?.orderMainId)),
      );
      for (const other of KINDS.filter((k) => k !== kind)) expect(after[other]).toEqual(before[other]);
      expect(
        (await call(t, 'DELETE', adminUrl(alice.email, kind, target?.orderMainId as string), admin)).statusCode,
      ).toBe(404);
    });
  }

  test('answers 404 for a record of another user or an unknown user, 400 for a malformed id, changing nothing', async ({
    t,
    alice,
    bob,
    admin,
  }) => {
    await expectUnchanged(t, async () => {
      for (const kind of KINDS) {
        const bobs = await firstId(t, bob, kind);
        expect((await call(t, 'DELETE', adminUrl(alice.email, kind, bobs), admin)).statusCode, kind).toBe(404);
        expect((await call(t, 'DELETE', adminUrl('nobody@example.com', kind, bobs), admin)).statusCode, kind).toBe(404);
        for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999', '999999']) {
          const res = await call(t, 'DELETE', adminUrl(bob.email, kind, id), admin);
          expect(res.statusCode, `${kind} ${id}`).toBe(id === '999999' ? 404 : 400);
          expect(res.json()).toEqual({ success: false, message: expect.any(String) });
        }
        expect((await call(t, 'DELETE', adminUrl('not-an-email', kind, bobs), admin)).statusCode).toBe(400);
      }
    });
  });

  test("lets an admin read a user's lists but not order or pay for them", async ({ t, bob, admin, dishes }) => {
    const record = await call(t, 'GET', `/api/v1/users${q(bob.email)}`, admin);
    expect(record.statusCode).toBe(200);
    const orderId = record.json().data.orders[0].orderMainId as string;
    await expectUnchanged(t, async () => {
      expect(
        (await call(t, 'PATCH', `/api/v1/users/${q(bob.email)}`, admin, orderEntry(dishes[0] as Product, 1, bob.email)))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call(t, 'PATCH', `/api/v1/users/${orderId}`, admin, {
            pay: { Method: 'bkash', AccountNumber: '1' },
            payment: 'paid',
            email: bob.email,
          })
        ).statusCode,
      ).toBe(403);
      // With its own e-mail the admin simply does not own the order.
      expect(
        (
          await call(t, 'PATCH', `/api/v1/users/${orderId}`, admin, {
            pay: { Method: 'bkash', AccountNumber: '1' },
            payment: 'paid',
            email: admin.email,
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
