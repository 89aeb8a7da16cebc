// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEventJournal } from '../../../src/server/modules/events/journal.ts';
import type { Published } from '../../../src/server/modules/events/publisher.ts';

/** The journal behind Last-Event-ID (modules/events/journal.ts): what it keeps, what it forgets. */

let n = 0;
function event(ownerId: number | null = null): Published {
  n += 1;
  return {
    event: {
      type: 'ticket',
      _id: `t${n}`,
      status: 'received',
      number: `A-${n}`,
      fulfilment: 'pickup',
      readyAt: '2026-06-01T12:20:00.000Z',
    },
    ownerId,
    branchId: 1,
  };
}
const ids = (resume: ReturnType<ReturnType<typeof createEventJournal>['since']>) =>
  resume.kind === 'replay' ? resume.entries.map((entry) => entry.published.event._id) : resume.kind;

describe('the event journal', () => {
  it('numbers deliveries with its boot id and replays what came after an id', () => {
    const journal = createEventJournal();
    expect(journal.lastId).toBe(`${journal.bootId}-0`);
    const a = journal.record({ kind: 'event', published: event() });
    const b = journal.record({ kind: 'event', published: event() });
    const c = journal.record({ kind: 'event', published: event() });
    expect([a.id, b.id, c.id]).toEqual([`${journal.bootId}-1`, `${journal.bootId}-2`, `${journal.bootId}-3`]);
    expect(ids(journal.since(a.id))).toEqual([
      b.delivery.kind === 'event' && b.delivery.published.event._id,
      c.delivery.kind === 'event' && c.delivery.published.event._id,
    ]);
    expect(ids(journal.since(c.id))).toEqual([]);
    expect(ids(journal.since(journal.lastId))).toEqual([]);
    expect(ids(journal.since(`${journal.bootId}-0`))).toHaveLength(3);
  });

  it("treats another journal's, a future, a malformed or an over-long id as unknown", () => {
    const journal = createEventJournal();
    const other = createEventJournal();
    journal.record({ kind: 'event', published: event() });
    other.record({ kind: 'event', published: event() });
    expect(other.bootId).not.toBe(journal.bootId);
    for (const id of [
      other.lastId,
      `${journal.bootId}-2`,
      `${journal.bootId}-01`,
      `${journal.bootId}--1`,
      `${journal.bootId}-1 `,
      journal.bootId,
      '',
      `${journal.bootId}-${'9'.repeat(40)}`,
      `${journal.bootId}-1${' '.repeat(100)}`,
    ]) {
      expect(journal.since(id), id).toEqual({ kind: 'unknown' });
    }
    expect(journal.since(undefined)).toEqual({ kind: 'unknown' });
  });

  it('keeps at most `capacity` events: an id whose next event was dropped is unknown', () => {
    const journal = createEventJournal({ capacity: 3 });
    const recorded = Array.from({ length: 5 }, () => journal.record({ kind: 'event', published: event() }).id);
    // 3, 4 and 5 are kept: resuming after 2 still tells everything, after 1 it cannot.
    expect(ids(journal.since(recorded[1]))).toHaveLength(3);
    expect(journal.since(recorded[0])).toEqual({ kind: 'unknown' });
  });

  it('forgets events older than `maxAgeMs`', () => {
    let now = 1_000_000;
    const journal = createEventJournal({ maxAgeMs: 60_000, now: () => now });
    const first = journal.record({ kind: 'event', published: event() }).id;
    const second = journal.record({ kind: 'event', published: event() }).id;
    now += 30_000;
    journal.record({ kind: 'event', published: event() });
    expect(ids(journal.since(first))).toHaveLength(2);
    now += 40_000;
    // The first two are gone: after the first, the second cannot be told; after the second, all can.
    expect(journal.since(first)).toEqual({ kind: 'unknown' });
    expect(ids(journal.since(second))).toHaveLength(1);
  });

  it('a resync is a gap: ids before it are unknown, its own id and later ones resume', () => {
    const journal = createEventJournal();
    const before = journal.record({ kind: 'event', published: event() }).id;
    const gap = journal.record({ kind: 'resync' }).id;
    const after = journal.record({ kind: 'event', published: event() });
    expect(journal.since(before)).toEqual({ kind: 'unknown' });
    expect(ids(journal.since(gap))).toEqual([after.delivery.kind === 'event' && after.delivery.published.event._id]);
    expect(ids(journal.since(after.id))).toEqual([]);
  });
});
