import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownChanges } from '../../../src/client/lib/own-changes.ts';

/** The events of a device's own changes read nothing; any other still does (decision 063). */
describe('ownChanges', () => {
  afterEach(() => vi.useRealTimers());

  it('takes the one event after the answer as the change’s own, and the next as another’s', () => {
    ownChanges.sending('bill:1');
    expect(ownChanges.settled('bill:1', true)).toBe(false);
    expect(ownChanges.isOwn('bill:1')).toBe(true);
    expect(ownChanges.isOwn('bill:1')).toBe(false);
  });

  it('takes an event heard on the way as its own, and asks for a read when two were heard', () => {
    ownChanges.sending('bill:2');
    expect(ownChanges.isOwn('bill:2')).toBe(true);
    expect(ownChanges.settled('bill:2', true)).toBe(false);
    expect(ownChanges.isOwn('bill:2')).toBe(false);
    ownChanges.sending('bill:2');
    expect(ownChanges.isOwn('bill:2')).toBe(true);
    expect(ownChanges.isOwn('bill:2')).toBe(true);
    expect(ownChanges.settled('bill:2', true)).toBe(true);
  });

  it('owes nothing for a refused change, and gives up on an event that never came', () => {
    ownChanges.sending('reservation:3');
    expect(ownChanges.settled('reservation:3', false)).toBe(false);
    expect(ownChanges.isOwn('reservation:3')).toBe(false);
    vi.useFakeTimers();
    ownChanges.sending('reservation:4');
    ownChanges.settled('reservation:4', true);
    vi.advanceTimersByTime(6_000);
    expect(ownChanges.isOwn('reservation:4')).toBe(false);
  });
});
