import type { DepositSettings } from '../contract/restaurant.ts';
import { formatMoney } from '../format-money.ts';

/**
 * Deposits for large parties (ORDERING.md "Payments"; decision 032), as plain rules the server
 * charges by and the booking form explains before "Reserve".
 */

/** The deposit a party of `partySize` pays, in minor units; undefined when deposits are off or the party is smaller. */
export function depositMinorFor(deposit: DepositSettings | undefined, partySize: number): number | undefined {
  if (!deposit || partySize < deposit.fromPartySize) return undefined;
  return Math.round(deposit.perCover * 100) * partySize;
}

/** "24 hours", "2 days", "90 minutes", "1 hour" (a day is said in hours, as guests count it): how long before the booking a cancellation is refunded. */
export function refundWindowText(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes >= 2880 && minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes > 0 && minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

/**
 * What a guest booking a party of `partySize` is told before "Reserve": "A deposit of $60.00
 * ($10.00 a guest) holds tables for parties of 6 or more; refunded if you cancel up to 24
 * hours before." A booking already inside that window (`refundable` false: tonight's, with 24
 * hours) is told the truth instead: "…; not refundable, as the booking is less than 24 hours
 * away." (issue 48, point 3).
 */
export function depositExplanation(deposit: DepositSettings, partySize: number, currency: string, refundable = true): string {
  const total = (depositMinorFor(deposit, partySize) ?? Math.round(deposit.perCover * 100) * partySize) / 100;
  const refund = !refundable
    ? `not refundable, as the booking is less than ${refundWindowText(deposit.refundableUntilMinutes)} away`
    : deposit.refundableUntilMinutes === 0
      ? 'refunded if you cancel before the booking starts'
      : `refunded if you cancel up to ${refundWindowText(deposit.refundableUntilMinutes)} before`;
  return `A deposit of ${formatMoney(total, currency)} (${formatMoney(deposit.perCover, currency)} a guest) holds tables for parties of ${deposit.fromPartySize} or more; ${refund}.`;
}

/** Whether a deposit paid now for a booking starting at `startsAt` (ms) would be refunded on a cancel: the refund window has not begun. */
export function depositRefundable(deposit: DepositSettings, startsAt: number, now: number): boolean {
  return now < startsAt - deposit.refundableUntilMinutes * 60_000;
}
