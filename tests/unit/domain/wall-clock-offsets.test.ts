import { describe, expect, it } from 'vitest';
import { temporalWallClockOf, wallClockOf } from '../../../src/shared/domain/wall-clock.ts';

/**
 * wallClockOf reads an instant through the zone's offset remembered per quarter hour; Temporal
 * alone (temporalWallClockOf) is the check. Every 7 minutes (so that each minute of the quarter
 * hour comes round) across the days the clocks change in zones with whole, half and three-quarter
 * hour offsets, half-hour summer time, and a zone that moved across the date line, as epoch ms and
 * as ISO text in Z and with an offset.
 */
const MINUTE = 60_000;
const DAYS: Record<string, string[]> = {
  'Asia/Dhaka': ['2026-12-02', '2009-06-19', '2009-12-31'],
  'Europe/London': ['2026-03-29', '2026-10-25'],
  'America/New_York': ['2026-03-08', '2026-11-01'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04'],
  'Asia/Kathmandu': ['2026-06-01'],
  'America/St_Johns': ['2026-03-08', '2026-11-01'],
  'Pacific/Apia': ['2011-12-29', '2011-12-31'],
  UTC: ['2026-12-31'],
};

function isoWithOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * MINUTE).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

describe('wallClockOf through remembered offsets', () => {
  for (const [zone, days] of Object.entries(DAYS)) {
    it(`agrees with Temporal minute by minute in ${zone}`, () => {
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`) - 14 * 60 * MINUTE;
        for (let ms = start; ms < start + 52 * 60 * MINUTE; ms += 7 * MINUTE + 1_234) {
          const expected = temporalWallClockOf(ms, zone);
          expect(wallClockOf(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(expected);
          expect(wallClockOf(new Date(ms).toISOString(), zone)).toEqual(expected);
          expect(wallClockOf(isoWithOffset(ms, 345), zone)).toEqual(expected);
          expect(wallClockOf(isoWithOffset(ms, -210), zone)).toEqual(expected);
        }
      }
    });
  }

  it('reads the forms Temporal reads as Temporal does, and refuses what it refuses', () => {
    const zone = 'Asia/Dhaka';
    for (const text of ['2026-12-02T18:00Z', '2026-12-02T18:00:00.123456789Z', '2026-12-02t18:00:00z']) {
      expect(wallClockOf(text, zone)).toEqual(temporalWallClockOf(text, zone));
    }
    expect(wallClockOf('2026-12-02T18:00:00Z', zone)).toEqual({ date: '2026-12-03', weekday: 4, minutes: 0 });
    for (const text of ['2026-12-02T18:00:00', '2026-12-02', 'tonight']) {
      expect(() => wallClockOf(text, zone)).toThrow(RangeError);
    }
    expect(() => wallClockOf(1.5, zone)).toThrow(RangeError);
  });
});
