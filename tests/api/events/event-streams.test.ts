import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPublisher } from '../../../src/server/modules/events/publisher.ts';
import type { LiveEvent } from '../../../src/shared/contract/events.ts';
import { type OpenStream, openEventStream } from '../../support/event-stream.ts';
import {
  ORIGIN,
  type TestAccount,
  bearer,
  createAccount,
  createStaff,
  signInAccount,
} from '../../support/factories.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Issue 40 points 4 and 7: an event stream lives only as long as what its caller may see. A
 * role change, a deletion or a sign-out closes it; the caller's role is checked before each
 * event; an account holds at most 10 streams (the oldest closes) and an address at most a few
 * (here 6). The heartbeat is a minute here, so nothing below is the heartbeat's doing.
 */
const ADMIN = { email: 'streams-owner@example.com', password: 'streams-owner-1' };
const publisher = createLocalPublisher();
let t: TestApp;
let base: string;
let admin: TestAccount;
const streams: OpenStream[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    {
      identityLimits: { signInFailures: 1000, signUpPerMinute: 1000 },
      heartbeatMs: 60_000,
      publisher,
      streamLimits: { perAccount: 10, perAddress: 20 },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await signInAccount(t.app, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function open(account: TestAccount): Promise<OpenStream> {
  const stream = await openEventStream(base, account.accessToken);
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

let next = 0;
/** A ticket event of a guest other than everyone here (only staff may hear it). */
function someoneElsesTicket(): LiveEvent {
  next += 1;
  return {
    type: 'ticket',
    _id: `t${next}`,
    status: 'received',
    number: `A-${String(next).padStart(3, '0')}`,
    fulfilment: 'pickup',
    readyAt: new Date().toISOString(),
  };
}

/** Resolves true once the stream has ended, false after `ms` (a bound, not a measure). */
const endsWithin = (stream: OpenStream, ms = 5_000) =>
  Promise.race([stream.ended.then(() => true), sleep(ms).then(() => false)]);

const staffMember = (name: string): Promise<TestAccount> => createStaff(t.app, admin, { name });

const setRole = (account: TestAccount, role: 'user' | 'staff' | 'admin') =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/users/${account.userId}`,
    headers: bearer(admin),
    payload: { role },
  });

describe('an event stream of a caller whose access ended', () => {
  it('closes when the role changes, and the stream opened again hears only what the new role may', async () => {
    const cook = await staffMember('Demoted Cook');
    const stream = await open(cook);
    const before = someoneElsesTicket();
    publisher.publish({ event: before, ownerId: null, branchId: 1 });
    await stream.waitFor((m) => (m.data as { _id?: string })._id === before._id);
    expect((await setRole(cook, 'user')).statusCode).toBe(200);
    expect(await endsWithin(stream)).toBe(true);
    // As a guest now: another guest's ticket does not reach the new stream, their own does.
    const again = await open(cook);
    const others = someoneElsesTicket();
    const own = someoneElsesTicket();
    publisher.publish({ event: others, ownerId: null, branchId: 1 });
    publisher.publish({ event: own, ownerId: Number(cook.userId), branchId: 1 });
    await again.waitFor((m) => (m.data as { _id?: string })._id === own._id);
    expect(again.messages.map((m) => (m.data as { _id: string })._id)).toEqual([own._id]);
  });

  it('closes on sign-out, only for the session signed out', async () => {
    const cook = await staffMember('Signing Out');
    const otherDevice = await signInAccount(t.app, cook.email, cook.password);
    const leaving = await open(cook);
    const staying = await open(otherDevice);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: cook.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await endsWithin(leaving)).toBe(true);
    const event = someoneElsesTicket();
    publisher.publish({ event, ownerId: null, branchId: 1 });
    await staying.waitFor((m) => (m.data as { _id?: string })._id === event._id);
    // The signed-out token opens no new stream.
    expect((await fetch(`${base}/api/v1/events`, { headers: bearer(cook) })).status).toBe(401);
  });

  it('closes when the account is deleted', async () => {
    const cook = await staffMember('Deleted Cook');
    const stream = await open(cook);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/users/${cook.userId}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(await endsWithin(stream)).toBe(true);
  });

  it("checks the role before each event: an account removed behind the server's back hears nothing more", async () => {
    const cook = await staffMember('Removed Elsewhere');
    const stream = await open(cook);
    // Another tool removes the record (no role change through this server).
    await t.database.db.deleteFrom('users').where('id', '=', Number(cook.userId)).execute();
    publisher.publish({ event: someoneElsesTicket(), ownerId: null, branchId: 1 });
    expect(await endsWithin(stream)).toBe(true);
    expect(stream.messages).toEqual([]);
  });
});

describe('how many streams', () => {
  it('an account keeps at most 10: opening an 11th and a 12th closes the two oldest', async () => {
    const guest = await createAccount(t.app, { name: 'Many Tabs' });
    const tabs: OpenStream[] = [];
    for (let i = 0; i < 12; i += 1) tabs.push(await open(guest));
    expect(await endsWithin(tabs[0] as OpenStream)).toBe(true);
    expect(await endsWithin(tabs[1] as OpenStream)).toBe(true);
    // The ten newest still hear the guest's events.
    const event = someoneElsesTicket();
    publisher.publish({ event, ownerId: Number(guest.userId), branchId: 1 });
    for (const tab of tabs.slice(2)) await tab.waitFor((m) => (m.data as { _id?: string })._id === event._id);
    for (const tab of tabs.slice(0, 12)) tab.close();
  });

  it('an address keeps at most its limit, whatever the accounts; more are refused with 429', async () => {
    for (const stream of streams) stream.close();
    // Wait until the server has seen them all close (each close is its own socket event).
    await Promise.all(streams.map((stream) => stream.ended));
    let held = 0;
    const guests = await Promise.all(
      Array.from({ length: 3 }, (_, i) => createAccount(t.app, { name: `Neighbour ${i}` })),
    );
    let refused: Response | undefined;
    for (let i = 0; i < 30 && !refused; i += 1) {
      const guest = guests[i % 3] as TestAccount;
      const res = await fetch(`${base}/api/v1/events`, { headers: bearer(guest) });
      if (res.status === 200) {
        held += 1;
        streams.push({
          status: 200,
          messages: [],
          comments: [],
          waitFor: () => Promise.reject(new Error('unused')),
          waitForComment: () => Promise.reject(new Error('unused')),
          ended: Promise.resolve(),
          close: () => void res.body?.cancel().catch(() => {}),
        });
      } else refused = res;
    }
    expect(held).toBe(20);
    expect(refused?.status).toBe(429);
    expect(((await refused?.json()) as { message: string }).message).toBe(
      'Too many live connections from this address. Close another tab or device and try again.',
    );
  });
});
