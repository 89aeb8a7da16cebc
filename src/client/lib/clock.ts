import { minutesOf, timeOf } from '@shared/domain/clock-time.ts';
import { WEEKDAY_NAMES, addDays, instantAtWallClock, wallClockAt, weekdayOfDate } from '@shared/domain/opening.ts';
import { daysBetween } from '@shared/domain/wall-clock.ts';
import { t } from '@shared/i18n/i18n.ts';
import { localDigits } from '@shared/i18n/format.ts';
import { INTL_LOCALES, type Language } from '@shared/i18n/languages.ts';

/** Today's date ("YYYY-MM-DD") in a time zone (the restaurant's), from this device's clock. */
export function todayIn(timeZone: string): string {
  return wallClockAt(Date.now(), timeZone).date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Thu 26 Nov": a date written the same on every device and on the server. */
export function dayLabel(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${(WEEKDAY_NAMES[weekdayOfDate(date)] ?? '').slice(0, 3)} ${d} ${MONTHS[m - 1] ?? ''}`;
}

/** dayLabel in a language: "Sat 28 Nov" in English (exactly dayLabel), "শনি ২৮ নভে" in Bangla. */
export function dayLabelInLanguage(date: string, language: Language, latinDigits = false): string {
  return language === 'en' ? dayLabel(date) : dayLabelIn(date, language, latinDigits, false);
}

/** The day formats made so far, by language, digits and length. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "বৃহঃ ২৬ নভেম্বর": a date in Bangla, by Intl for bn-BD (the date is the restaurant's, read at noon UTC). */
function dayLabelIn(date: string, language: Language, latinDigits: boolean, weekdayOnly: boolean): string {
  const key = `${language} ${latinDigits ? 'latn' : ''} ${weekdayOnly ? 'weekday' : 'date'}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      timeZone: 'UTC',
      weekday: 'short',
      ...(weekdayOnly ? {} : { day: 'numeric', month: 'short' }),
      ...(latinDigits ? { numberingSystem: 'latn' } : {}),
    });
    dayFormats.set(key, format);
  }
  return format.format(Date.parse(`${date}T12:00:00Z`));
}

/** The day of `date` said from `today`: "" (today), " tomorrow", " yesterday", " on Thu" within a week, else " on Thu 3 Dec". */
function dayFrom(date: string, today: string, language: Language = 'en', latinDigits = false): string {
  const days = daysBetween(today, date);
  if (days === 0) return '';
  // From the catalogs in every language (a kitchen card after midnight says "00:15 tomorrow").
  if (days === 1) return ` ${t('clock.tomorrow', 'tomorrow', undefined, language)}`;
  if (days === -1) return ` ${t('clock.yesterday', 'yesterday', undefined, language)}`;
  if (language !== 'en') return ` ${dayLabelIn(date, language, latinDigits, Math.abs(days) < 7)}`;
  return ` on ${Math.abs(days) < 7 ? dayLabel(date).slice(0, 3) : dayLabel(date)}`;
}

/**
 * A moment as the restaurant says it: its own time zone and 24-hour clock, like its opening
 * hours and booking times ("19:45"), then the day when it is not the restaurant's today
 * ("11:30 tomorrow", "11:30 on Thu"), so that a guest or a cook elsewhere, or a device set to
 * another zone or a 12-hour clock, reads the time the restaurant means.
 */
export function restaurantTime(
  instant: string | number,
  timeZone: string,
  now: number = Date.now(),
  language: Language = 'en',
  latinDigits = false,
): string {
  const at = wallClockAt(typeof instant === 'string' ? Date.parse(instant) : instant, timeZone);
  return `${localDigits(timeOf(at.minutes), language, latinDigits)}${dayFrom(at.date, wallClockAt(now, timeZone).date, language, latinDigits)}`;
}

/** The next moment the restaurant's clock shows "HH:MM": today's, or tomorrow's when it has passed. */
export function nextRestaurantTime(time: string, timeZone: string, now: number = Date.now()): number | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return null;
  const minutes = minutesOf(time);
  const today = wallClockAt(now, timeZone).date;
  const at = instantAtWallClock(today, minutes, timeZone);
  return at > now ? at : instantAtWallClock(addDays(today, 1), minutes, timeZone);
}
