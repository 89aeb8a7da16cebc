import type { DepositSettings } from '../contract/restaurant.ts';
import { formatMoney } from '../format-money.ts';
import { formatNumber, localDigits } from '../i18n/format.ts';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { type Minor, timesMinor, toMajor, toMinor } from './money.ts';

/**
 * Deposits for large parties (docs/reference/ordering.md "Payments"; decision 032), as plain rules the server
 * charges by and the booking form explains before "Reserve".
 */

/** The deposit formula, once: the deposit per cover (minor units) × the party (whatever its size). */
export function depositOfParty(perCover: Minor, partySize: number): Minor {
  return timesMinor(perCover, partySize);
}

/** The deposit formula over the settings' deposit (its per cover in the contract's major units), in minor units. */
export function depositTotal(deposit: Pick<DepositSettings, 'perCover'>, partySize: number): Minor {
  return depositOfParty(toMinor(deposit.perCover), partySize);
}

/** Whether a party of `partySize` pays a deposit: deposits are on and it is `fromPartySize` or more. */
export function depositApplies(
  deposit: Pick<DepositSettings, 'fromPartySize'> | undefined,
  partySize: number,
): deposit is Pick<DepositSettings, 'fromPartySize'> {
  // Not below the size (a size that is no number is not below it, as the rule always read).
  return deposit !== undefined && !(partySize < deposit.fromPartySize);
}

/** The deposit a party of `partySize` pays, in minor units; undefined when deposits are off or the party is smaller. */
export function depositMinorFor(deposit: DepositSettings | undefined, partySize: number): Minor | undefined {
  if (!depositApplies(deposit, partySize)) return undefined;
  return depositTotal(deposit, partySize);
}

/** "24 hours", "2 days", "90 minutes", "1 hour" (a day is said in hours, as guests count it): how long before the booking a cancellation is refunded. */
export function refundWindowText(minutes: number): string {
  return refundWindow(minutes, false);
}

function refundWindow(minutes: number, latinDigits: boolean): string {
  // Digits as written before ("1500 minutes", no grouping), Bengali ones in Bangla.
  const n = (value: number) => localDigits(String(value), currentLanguage(), latinDigits);
  if (minutes >= 2880 && minutes % 1440 === 0) return t('deposit.days', '{{n}} days', { n: n(minutes / 1440) });
  if (minutes > 0 && minutes % 60 === 0)
    return minutes === 60
      ? t('deposit.hour', '{{n}} hour', { n: n(1) })
      : t('deposit.hours', '{{n}} hours', { n: n(minutes / 60) });
  return minutes === 1
    ? t('deposit.minute', '{{n}} minute', { n: n(1) })
    : t('deposit.minutes', '{{n}} minutes', { n: n(minutes) });
}

/**
 * What a guest booking a party of `partySize` is told before "Reserve": "A deposit of $60.00
 * ($10.00 a guest) holds tables for parties of 6 or more; refunded if you cancel up to 24
 * hours before." A booking already inside that window (`refundable` false: tonight's, with 24
 * hours) is told the truth instead: "…; not refundable, as the booking is less than 24 hours
 * away." (issue 48, point 3).
 */
export function depositExplanation(
  deposit: DepositSettings,
  partySize: number,
  currency: string,
  refundable = true,
  latinDigits = false,
): string {
  const language = currentLanguage();
  const total = toMajor(depositTotal(deposit, partySize));
  const window = refundWindow(deposit.refundableUntilMinutes, latinDigits);
  const refund = !refundable
    ? t('deposit.notRefundable', 'not refundable, as the booking is less than {{window}} away', { window })
    : deposit.refundableUntilMinutes === 0
      ? t('deposit.refundedBeforeStart', 'refunded if you cancel before the booking starts')
      : t('deposit.refundedUpTo', 'refunded if you cancel up to {{window}} before', { window });
  return t(
    'deposit.explanation',
    'A deposit of {{total}} ({{perCover}} a guest) holds tables for parties of {{size}} or more; {{refund}}.',
    {
      total: formatMoney(total, currency, language, latinDigits),
      perCover: formatMoney(deposit.perCover, currency, language, latinDigits),
      size: formatNumber(deposit.fromPartySize, language, latinDigits),
      refund,
    },
  );
}

/** Whether a deposit paid now for a booking starting at `startsAt` (ms) would be refunded on a cancel: the refund window has not begun. */
export function depositRefundable(deposit: DepositSettings, startsAt: number, now: number): boolean {
  return now < startsAt - deposit.refundableUntilMinutes * 60_000;
}
