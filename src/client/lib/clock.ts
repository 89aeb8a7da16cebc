import { wallClockAt } from '@shared/domain/opening.ts';

/** Today's date ("YYYY-MM-DD") in a time zone (the restaurant's), from this device's clock. */
export function todayIn(timeZone: string): string {
  return wallClockAt(Date.now(), timeZone).date;
}
