import { describe, expect, it } from 'vitest';
import {
  type OpeningRules,
  addDays,
  openingState,
  openingText,
  opensOn,
  wallClockAt,
  weekdayOfDate,
} from '../../../src/shared/domain/opening.ts';

// Lunch and dinner Tuesday to Saturday, dinner only on Sunday, closed on Monday.
const RULES: OpeningRules = {
  openingHours: [
    ...[2, 3, 4, 5, 6].flatMap((day) => [
      { day, open: '11:00', close: '14:30' },
      { day, open: '17:30', close: '22:00' },
    ]),
    { day: 0, open: '17:00', close: '24:00' },
  ],
  closedDates: ['2026-12-25'],
};

// 2026-11-24 is a Tuesday.
const at = (date: string, weekday: number, time: string) => ({
  date,
  weekday,
  minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)),
});

describe('openingState', () => {
  const cases: [string, ReturnType<typeof at>, string][] = [
    ['before lunch', at('2026-11-24', 2, '09:15'), 'Closed, opens at 11:00'],
    ['at opening', at('2026-11-24', 2, '11:00'), 'Open now'],
    ['during lunch', at('2026-11-24', 2, '14:29'), 'Open now'],
    ['at closing (closed)', at('2026-11-24', 2, '14:30'), 'Closed, opens at 17:30'],
    ['between services', at('2026-11-24', 2, '16:00'), 'Closed, opens at 17:30'],
    ['after dinner', at('2026-11-24', 2, '22:30'), 'Closed, opens tomorrow at 11:00'],
    ['Saturday night', at('2026-11-28', 6, '23:00'), 'Closed, opens tomorrow at 17:00'],
    ['Sunday till midnight', at('2026-11-29', 0, '23:59'), 'Open now'],
    ['Monday (closed all day)', at('2026-11-30', 1, '12:00'), 'Closed, opens tomorrow at 11:00'],
    ['Sunday morning, Monday closed', at('2026-11-29', 0, '10:00'), 'Closed, opens at 17:00'],
    ['Christmas (a closed date) at lunch', at('2026-12-25', 5, '12:00'), 'Closed, opens tomorrow at 11:00'],
    ['Christmas Eve after dinner', at('2026-12-24', 4, '23:00'), 'Closed, opens Saturday at 11:00'],
  ];
  it.each(cases)('%s', (_name, now, text) => {
    expect(openingText(openingState(RULES, now))).toBe(text);
  });

  it('says when it closes while open, and nothing when it never opens', () => {
    expect(openingState(RULES, at('2026-11-24', 2, '12:00'))).toEqual({ open: true, closesAt: '14:30' });
    expect(openingText(openingState({ openingHours: [], closedDates: [] }, at('2026-11-24', 2, '12:00')))).toBe(
      'Closed',
    );
  });
});

describe('wallClockAt', () => {
  it('reads the restaurant zone, not the machine', () => {
    const instant = Date.parse('2026-11-24T23:30:00Z');
    expect(wallClockAt(instant, 'UTC')).toEqual({ date: '2026-11-24', weekday: 2, minutes: 23 * 60 + 30 });
    expect(wallClockAt(instant, 'Asia/Dhaka')).toEqual({ date: '2026-11-25', weekday: 3, minutes: 5 * 60 + 30 });
    expect(wallClockAt(Date.parse('2026-11-24T05:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-24',
      weekday: 2,
      minutes: 0,
    });
  });
});

describe('dates of the booking page', () => {
  it('moves a date by days across months and years, and names its weekday', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekdayOfDate('2026-11-23')).toBe(1); // a Monday
    expect(weekdayOfDate('2026-11-29')).toBe(0);
  });

  it('opens on a day with hours on its weekday, unless it is a closed date', () => {
    const rules: OpeningRules = {
      openingHours: [{ day: 1, open: '11:00', close: '22:00' }],
      closedDates: ['2026-11-30'],
    };
    expect(opensOn(rules, '2026-11-23')).toBe(true);
    expect(opensOn(rules, '2026-11-24')).toBe(false); // a Tuesday: no hours
    expect(opensOn(rules, '2026-11-30')).toBe(false); // a Monday, but closed
  });
});
