import { describe, expect, it } from 'vitest';
import { isForLater } from '../../../src/client/features/kitchen/components/board-time.ts';
import { elapsed } from '../../../src/client/features/kitchen/components/ticket-card.tsx';

describe('isForLater', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const readyIn = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

  it('keeps a ticket on the current orders once its cooking starts within half an hour', () => {
    // 20 minutes to cook: ready in 50 minutes means starting in 30.
    expect(isForLater({ status: 'received', readyAt: readyIn(50) }, now, 20)).toBe(false);
    expect(isForLater({ status: 'received', readyAt: readyIn(10) }, now, 20)).toBe(false);
    expect(isForLater({ status: 'received', readyAt: readyIn(-5) }, now, 20)).toBe(false);
  });

  it('puts a ticket whose cooking starts later under its own heading, until someone starts it', () => {
    expect(isForLater({ status: 'received', readyAt: readyIn(51) }, now, 20)).toBe(true);
    expect(isForLater({ status: 'received', readyAt: readyIn(24 * 60) }, now, 20)).toBe(true);
    expect(isForLater({ status: 'preparing', readyAt: readyIn(24 * 60) }, now, 20)).toBe(false);
    expect(isForLater({ status: 'ready', readyAt: readyIn(24 * 60) }, now, 20)).toBe(false);
  });
});

describe('elapsed', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('counts minutes and seconds within the hour, then hours and minutes', () => {
    expect(elapsed(ago(0), now)).toBe('0:00');
    expect(elapsed(ago(65), now)).toBe('1:05');
    expect(elapsed(ago(59 * 60 + 59), now)).toBe('59:59');
    expect(elapsed(ago(2 * 3600 + 5 * 60 + 30), now)).toBe('2 h 05');
  });
});
