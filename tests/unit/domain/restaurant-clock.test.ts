import { describe, expect, it } from 'vitest';
import { instantAtWallClock, wallClockAt } from '../../../src/shared/domain/opening.ts';
import { nextRestaurantTime, restaurantTime } from '../../../src/client/lib/clock.ts';
import { setPseudoLocale } from '../../../src/shared/i18n/i18n.ts';

const at = (iso: string) => Date.parse(iso);

describe('restaurantTime', () => {
  // 2026-11-24 is a Tuesday; Dhaka is UTC+6 all year.
  const now = at('2026-11-24T08:00:00Z'); // 14:00 in Dhaka

  it('writes a moment of the restaurant’s today on its 24-hour clock, whatever the device’s zone', () => {
    expect(restaurantTime('2026-11-24T13:45:00Z', 'Asia/Dhaka', now)).toBe('19:45');
    expect(restaurantTime(at('2026-11-24T00:05:00Z'), 'Asia/Dhaka', now)).toBe('06:05');
  });

  it('adds the day when it is another day of the restaurant’s calendar', () => {
    // 19:30 UTC on Tuesday is already Wednesday 01:30 in Dhaka.
    expect(restaurantTime('2026-11-24T19:30:00Z', 'Asia/Dhaka', now)).toBe('01:30 tomorrow');
    expect(restaurantTime('2026-11-23T12:00:00Z', 'Asia/Dhaka', now)).toBe('18:00 yesterday');
    expect(restaurantTime('2026-11-26T05:30:00Z', 'Asia/Dhaka', now)).toBe('11:30 on Thu');
    expect(restaurantTime('2026-12-03T05:30:00Z', 'Asia/Dhaka', now)).toBe('11:30 on Thu 3 Dec');
  });

  it('says "tomorrow" and "yesterday" from the catalogs in English too (the pseudo-locale shows it)', () => {
    setPseudoLocale(true);
    try {
      for (const instant of ['2026-11-24T19:30:00Z', '2026-11-23T12:00:00Z']) {
        const said = restaurantTime(instant, 'Asia/Dhaka', now, 'en');
        expect(said, said).toMatch(/^\d\d:\d\d ⟦.+⟧$/);
      }
    } finally {
      setPseudoLocale(false);
    }
  });

  it('follows daylight saving time in zones that have it', () => {
    expect(restaurantTime('2026-07-01T17:00:00Z', 'Europe/Berlin', at('2026-07-01T08:00:00Z'))).toBe('19:00');
    expect(restaurantTime('2026-12-01T17:00:00Z', 'Europe/Berlin', at('2026-12-01T08:00:00Z'))).toBe('18:00');
  });
});

describe('instantAtWallClock', () => {
  it('is the inverse of the wall clock, in summer and in winter', () => {
    for (const [date, minutes, zone] of [
      ['2026-11-24', 19 * 60 + 45, 'Asia/Dhaka'],
      ['2026-07-01', 10 * 60, 'Europe/Berlin'],
      ['2026-12-01', 10 * 60, 'Europe/Berlin'],
      ['2026-03-08', 12 * 60, 'America/New_York'],
      ['2026-11-24', 0, 'UTC'],
    ] as const) {
      const instant = instantAtWallClock(date, minutes, zone);
      expect(wallClockAt(instant, zone)).toMatchObject({ date, minutes });
    }
    expect(new Date(instantAtWallClock('2026-07-01', 10 * 60, 'Europe/Berlin')).toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
  });

  it('moves a time a daylight-saving change skips to the hour after', () => {
    // Berlin's clocks go from 02:00 to 03:00 on 2026-03-29: 02:30 does not exist.
    const instant = instantAtWallClock('2026-03-29', 2 * 60 + 30, 'Europe/Berlin');
    expect(wallClockAt(instant, 'Europe/Berlin')).toMatchObject({ date: '2026-03-29', minutes: 3 * 60 + 30 });
  });
});

describe('nextRestaurantTime', () => {
  const now = at('2026-11-24T08:00:00Z'); // 14:00 in Dhaka

  it('is today’s time when it is still ahead, else tomorrow’s', () => {
    expect(new Date(nextRestaurantTime('21:30', 'Asia/Dhaka', now) as number).toISOString()).toBe(
      '2026-11-24T15:30:00.000Z',
    );
    expect(new Date(nextRestaurantTime('09:00', 'Asia/Dhaka', now) as number).toISOString()).toBe(
      '2026-11-25T03:00:00.000Z',
    );
  });

  it('refuses what is not a time', () => {
    expect(nextRestaurantTime('', 'Asia/Dhaka', now)).toBeNull();
    expect(nextRestaurantTime('9pm', 'Asia/Dhaka', now)).toBeNull();
  });
});

describe('instantAtWallClock on the night the clocks go back', () => {
  it('takes the first of a time that happens twice', () => {
    // Berlin's clocks go from 03:00 back to 02:00 on 2026-10-25: 02:30 happens at 00:30 and 01:30 UTC.
    expect(new Date(instantAtWallClock('2026-10-25', 2 * 60 + 30, 'Europe/Berlin')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});
