/**
 * Wall-clock times of a day as "HH:MM" and as minutes since local midnight. Kept apart from
 * the contract (and its zod) so the browser's first page can use them without the validator.
 */

/** Minutes since local midnight of "HH:MM" ("24:00" is 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** "HH:MM" of minutes since local midnight. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
