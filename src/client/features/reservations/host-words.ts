import type { Reservation, ReservationStatus } from '@shared/contract/reservations.ts';
import { formatMoney } from '@shared/format-money.ts';
import { currentLanguage, t } from '@shared/i18n/i18n.ts';

/** The day book's words for a booking (docs/reference/operations.md "Staff"), in the page's language. */

/** The host's words, read at render (they follow the language). */
export const actionWord = (status: ReservationStatus): string =>
  ({
    pending_deposit: t('dayBook.awaitDeposit', 'Await deposit'),
    seated: t('dayBook.seat', 'Seat'),
    completed: t('dayBook.complete', 'Complete'),
    cancelled: t('dayBook.cancel', 'Cancel'),
    no_show: t('dayBook.noShow', 'No-show'),
    booked: t('dayBook.undoNoShow', 'Undo no-show'),
  })[status];
export const statusWord = (status: ReservationStatus): string =>
  ({
    pending_deposit: t('dayBook.depositDue', 'Deposit due'),
    booked: t('dayBook.booked', 'Booked'),
    seated: t('dayBook.seated', 'Seated'),
    completed: t('dayBook.completed', 'Completed'),
    cancelled: t('dayBook.cancelled', 'Cancelled'),
    no_show: t('dayBook.noShow', 'No-show'),
  })[status];

/** What the host needs to know of a booking's deposit: due (it confirms the booking), paid (on the bill once seated), refunded, kept. */
export function depositText(r: Reservation, time: (instant: string) => string, latinDigits: boolean): string {
  const d = r.deposit;
  if (!d) return '';
  const money = (value: number) => formatMoney(value, d.currency, currentLanguage(), latinDigits);
  const amount = money(d.amount);
  if (d.status === 'pending')
    return t('dayBook.depositPending', 'Deposit {{amount}} not paid yet: held until {{time}}, then let go', {
      amount,
      time: d.dueBy ? time(d.dueBy) : t('dayBook.soon', 'soon'),
    });
  if (d.status === 'refunded') return t('dayBook.depositRefunded', 'Deposit {{amount}} refunded', { amount });
  if (d.status === 'failed' || d.status === 'expired')
    return t('dayBook.depositNotPaid', 'Deposit {{amount}} not paid', { amount });
  if (r.status === 'seated' || r.status === 'completed')
    return t('dayBook.depositOnBill', "Deposit {{amount}} paid: on the table's bill", { amount });
  if (r.status === 'cancelled' || r.status === 'no_show')
    return t('dayBook.depositKept', 'Deposit {{amount}} kept', { amount });
  return d.refunded > 0
    ? t('dayBook.depositPaidPartlyRefunded', 'Deposit {{amount}} paid, {{refunded}} refunded', {
        amount,
        refunded: money(d.refunded),
      })
    : t('dayBook.depositPaid', 'Deposit {{amount}} paid', { amount });
}
