import { describe, expect, it } from 'vitest';
import { localHourOn } from '../../../src/shared/domain/wall-clock.ts';

describe('localHourOn', () => {
  it('places instants in the local hour they fall in', () => {
    const hourOf = localHourOn('2026-11-24', 'Asia/Dhaka'); // UTC+6
    expect(hourOf('2026-11-23T18:00:00.000Z')).toBe(0);
    expect(hourOf('2026-11-24T03:59:59.999Z')).toBe(9);
    expect(hourOf('2026-11-24T04:00:00.000Z')).toBe(10);
    expect(hourOf('2026-11-24T17:59:00.000Z')).toBe(23);
  });

  it('skips the hour the clocks jump over in spring', () => {
    // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC.
    const hourOf = localHourOn('2026-03-29', 'Europe/Berlin');
    expect(hourOf('2026-03-29T00:30:00.000Z')).toBe(1);
    expect(hourOf('2026-03-29T01:30:00.000Z')).toBe(3);
    expect(hourOf('2026-03-29T10:00:00.000Z')).toBe(12);
  });

  it('counts both passes of the hour the clocks repeat in autumn as that hour', () => {
    // Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC.
    const hourOf = localHourOn('2026-10-25', 'Europe/Berlin');
    expect(hourOf('2026-10-25T00:30:00.000Z')).toBe(2);
    expect(hourOf('2026-10-25T01:30:00.000Z')).toBe(2);
    expect(hourOf('2026-10-25T02:30:00.000Z')).toBe(3);
    expect(hourOf('2026-10-25T11:00:00.000Z')).toBe(12);
  });
});
