import { describe, expect } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type OpenStream, openEventStream } from '../../support/event-stream.ts';
import { createAccount } from '../../support/factories.ts';
import { openGulshan } from '../../support/branches.ts';
import { call } from '../../support/records.ts';
import { named, order, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * Issue 57 (docs/reference/branches.md "Staff and the owner": live events reach only the screens
 * of their branch). A staff stream hears the tickets and bills of the branch it is opened at; a
 * stream at a branch not the caller's is refused. On both engines.
 */
const ADMIN = { email: 'events-per-branch@example.com', password: 'events-per-branch-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.parse('2026-06-01T12:00:00.000Z'));

/** What a stream heard, each as `type:id` (a ticket's and a bill's ids may be the same number). */
const heard = (stream: OpenStream) =>
  stream.messages.map((m) => `${(m.data as { type?: string }).type}:${(m.data as { _id?: string })._id}`);

describe("a branch's live events", () => {
  test("staff hear the tickets and bills of their stream's branch only", async ({ t, admin, staff, base, dishes }) => {
    expect(await openGulshan(t, admin)).toBe('2');
    const dhaka = await createAccount(t.app, { name: 'Dhaka Cook' });
    expect(
      (await call(t, 'PATCH', `/api/v1/users/users/${dhaka.userId}`, admin, { role: 'staff', branches: ['1'] }))
        .statusCode,
    ).toBe(200);
    const streams = {
      first: await openEventStream(base, dhaka.accessToken),
      gulshan: await openEventStream(base, staff.accessToken, undefined, '?branch=gulshan'),
    };
    try {
      expect([streams.first.status, streams.gulshan.status]).toEqual([200, 200]);
      // A stream at a branch not the caller's is refused.
      const refused = await openEventStream(base, dhaka.accessToken, undefined, '?branch=gulshan');
      expect(refused.status).toBe(403);
      refused.close();

      const tacos = named(dishes, 'Beef Tacos');
      const placed = async (query: string) =>
        (await call(t, 'POST', `/api/v1/tickets${query}`, staff, order(tacos))).json<{ data: Ticket }>().data;
      const atGulshan = await placed('?branch=gulshan');
      const atFirst = await placed('');
      await streams.gulshan.waitFor((m) => (m.data as { _id?: string })._id === atGulshan._id);
      await streams.first.waitFor((m) => (m.data as { _id?: string })._id === atFirst._id);
      // A bill's change at Gulshan (a cash payment) reaches Gulshan's Floor.
      const bill = (await call(t, 'GET', `/api/v1/bills/${atGulshan.billId}?branch=gulshan`, staff)).json<{
        data: { due: number };
      }>().data;
      const paid = await call(t, 'POST', `/api/v1/bills/${atGulshan.billId}/payments?branch=gulshan`, staff, {
        method: 'cash',
        amount: bill.due,
        key: 'events-per-branch-pay',
      });
      expect(paid.statusCode).toBe(201);
      await streams.gulshan.waitFor((m) => (m.data as { type?: string; _id?: string })._id === atGulshan.billId);
      // The last thing the first branch's stream heard is its own order: nothing of Gulshan's came.
      await placed('');
      await streams.first.waitFor(() => heard(streams.first).filter((h) => h.startsWith('ticket:')).length >= 2);
      expect(heard(streams.first)).not.toContain(`ticket:${atGulshan._id}`);
      expect(heard(streams.first)).not.toContain(`bill:${atGulshan.billId}`);
      expect(heard(streams.gulshan)).not.toContain(`ticket:${atFirst._id}`);
    } finally {
      streams.first.close();
      streams.gulshan.close();
    }
  });
});
