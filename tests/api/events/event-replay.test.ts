import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { RESYNC_EVENT } from '../../../src/shared/contract/events.ts';
import { type OpenStream, type SseMessage, openEventStream } from '../../support/event-stream.ts';
import { type TestAccount, createStaff, orderDish } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';
import { allDayKitchen, call as send } from '../../support/records.ts';

/**
 * Issue 35 point 5: every event on GET /api/v1/events carries an id, and a client that
 * reconnects with `Last-Event-ID` hears exactly what it missed (only what it may see), then
 * live events; an id the server cannot resume from gets `resync`. Tickets are placed through
 * the API, so on PostgreSQL the events go through LISTEN/NOTIFY.
 */

const ADMIN = { email: 'replay-owner@example.com', password: 'replay-owner-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');

const test = useRecordsWorld(ADMIN, { clock: () => NOW, heartbeatMs: 60_000 })
  .extend('staff', { scope: 'file' }, async ({ t, admin }) => {
    const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      ...allDayKitchen(1000),
    });
    if (settings.statusCode !== 200) throw new Error(settings.body);
    const account = await createStaff(t.app, admin, { name: 'Cook Rey' });
    return account;
  })
  .extend('base', { scope: 'file' }, async ({ t }) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

async function place(t: TestApp, who: TestAccount, dishId: string): Promise<Ticket> {
  const line = await orderDish(t.app, who, dishId, 1);
  const res = await send(t, 'POST', '/api/v1/checkout', who, {
    orderIds: [line.orderMainId],
    fulfilment: 'pickup',
    when: 'asap',
    pay: { Method: 'bkash', AccountNumber: '01711000000' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Ticket;
}

const idOf = (m: SseMessage) => (m.data as { _id?: string })._id;
const ticketIds = (stream: OpenStream) => stream.messages.filter((m) => m.event === 'message').map(idOf);
/** Opens a stream, resuming from `lastEventId` when given, and expects it to be accepted. */
async function open(base: string, account: TestAccount, lastEventId?: string): Promise<OpenStream> {
  const stream = await openEventStream(base, account.accessToken, lastEventId);
  expect(stream.status).toBe(200);
  return stream;
}
/** Closes a stream and waits until the reader has stopped. */
async function closeStream(stream: OpenStream): Promise<void> {
  stream.close();
  await stream.ended;
}
const ID = /^([0-9a-f]{16})-(\d+)$/;

describe('event ids and resuming with Last-Event-ID', () => {
  test('every event carries an id of this server, increasing', async ({ t, base, staff, bob, dishes }) => {
    const stream = await open(base, staff);
    try {
      const placed = [await place(t, bob, dishes[0]?._id as string), await place(t, bob, dishes[0]?._id as string)];
      expect(
        (await send(t, 'POST', `/api/v1/kitchen/tickets/${placed[0]?._id}/status`, staff, { status: 'preparing' }))
          .statusCode,
      ).toBe(200);
      await stream.waitFor((m) => idOf(m) === placed[0]?._id && (m.data as { status: string }).status === 'preparing');
      const ids = stream.messages.map((m) => ID.exec(m.id ?? ''));
      expect(ids.every((match) => match !== null)).toBe(true);
      expect(new Set(ids.map((match) => match?.[1])).size).toBe(1);
      const numbers = ids.map((match) => Number(match?.[2]));
      expect(numbers.length).toBe(3);
      for (let i = 1; i < numbers.length; i += 1) expect(numbers[i]).toBeGreaterThan(numbers[i - 1] as number);
    } finally {
      stream.close();
    }
  });

  test('a reconnect with the last id hears exactly what was published meanwhile, then live events', async ({
    t,
    base,
    staff,
    bob,
    dishes,
  }) => {
    const first = await open(base, staff);
    const before = await place(t, bob, dishes[0]?._id as string);
    const seen = await first.waitFor((m) => idOf(m) === before._id);
    await closeStream(first);
    // While disconnected: a new ticket and a step of the one seen.
    const missed = await place(t, bob, dishes[1]?._id as string);
    expect(
      (await send(t, 'POST', `/api/v1/kitchen/tickets/${before._id}/status`, staff, { status: 'preparing' }))
        .statusCode,
    ).toBe(200);
    const again = await open(base, staff, seen.id);
    try {
      const live = await place(t, bob, dishes[0]?._id as string);
      await again.waitFor((m) => idOf(m) === live._id);
      expect(again.messages.map((m) => [m.event, idOf(m), (m.data as { status?: string }).status])).toEqual([
        ['message', missed._id, 'received'],
        ['message', before._id, 'preparing'],
        ['message', live._id, 'received'],
      ]);
    } finally {
      again.close();
    }
  });

  test("a guest's replay holds only the guest's own events", async ({ t, base, staff, alice, bob, dishes }) => {
    const board = await open(base, staff);
    const mine = await open(base, alice);
    const first = await place(t, alice, dishes[0]?._id as string);
    const seen = await mine.waitFor((m) => idOf(m) === first._id);
    const boardSeen = await board.waitFor((m) => idOf(m) === first._id);
    await closeStream(mine);
    await closeStream(board);
    const bobs = await place(t, bob, dishes[0]?._id as string);
    const alices = await place(t, alice, dishes[1]?._id as string);
    const bobsToo = await place(t, bob, dishes[1]?._id as string);
    const again = await open(base, alice, seen.id);
    const boardAgain = await open(base, staff, boardSeen.id);
    try {
      const live = await place(t, alice, dishes[0]?._id as string);
      await again.waitFor((m) => idOf(m) === live._id);
      await boardAgain.waitFor((m) => idOf(m) === live._id);
      expect(ticketIds(again)).toEqual([alices._id, live._id]);
      // The same id range, seen by staff: everything.
      expect(ticketIds(boardAgain)).toEqual([bobs._id, alices._id, bobsToo._id, live._id]);
    } finally {
      again.close();
      boardAgain.close();
    }
  });

  test('an unknown, foreign, future or malformed id gets resync, whose id resumes', async ({
    t,
    base,
    staff,
    bob,
    dishes,
  }) => {
    const probe = await open(base, staff);
    const ticket = await place(t, bob, dishes[0]?._id as string);
    const known = await probe.waitFor((m) => idOf(m) === ticket._id);
    await closeStream(probe);
    const [, boot, n] = ID.exec(known.id ?? '') as RegExpExecArray;
    const foreignBoot = boot === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    const bad = [
      `${foreignBoot}-${n}`,
      `${boot}-${Number(n) + 1000}`,
      'not-an-id',
      `${boot}-01`,
      `${boot}-${n}x`,
      'x'.repeat(5000),
      '',
    ];
    let resyncId: string | undefined;
    for (const lastEventId of bad) {
      const stream = await open(base, staff, lastEventId);
      const resync = await stream.waitFor((m) => m.event === RESYNC_EVENT);
      expect(stream.messages.indexOf(resync)).toBe(0);
      expect(resync.id).toMatch(ID);
      resyncId = resync.id;
      await closeStream(stream);
    }
    // The resync's id is a place to resume from: nothing missed, so no resync, just what comes next.
    const resumed = await open(base, staff, resyncId);
    try {
      const next = await place(t, bob, dishes[0]?._id as string);
      await resumed.waitFor((m) => idOf(m) === next._id);
      expect(resumed.messages.map((m) => m.event)).toEqual(['message']);
    } finally {
      resumed.close();
    }
    // A stream opened without an id hears no resync either (as before).
    const fresh = await open(base, staff);
    try {
      const next = await place(t, bob, dishes[0]?._id as string);
      await fresh.waitFor((m) => idOf(m) === next._id);
      expect(fresh.messages.map((m) => m.event)).toEqual(['message']);
    } finally {
      fresh.close();
    }
  });
});
