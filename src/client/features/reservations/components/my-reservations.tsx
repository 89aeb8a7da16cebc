import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import type { Reservation } from '@shared/contract/reservations.ts';
import { Link } from 'react-router';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { PATHS } from '@shared/paths.ts';
import { useCancelReservation, useMyReservations } from '../api/reservations.ts';
import { useRestaurant } from '@client/data/restaurant.ts';
import { BranchNamed, useBranchOf } from '@client/components/ui/branch-named.tsx';
import { todayIn } from '@client/lib/clock.ts';
import { bookingSummary, bookingWhen, guestCount } from '../summary.ts';
import { localDigits } from '@shared/i18n/format.ts';
import { TooCloseToChange, depositOnCancel, DepositLine, ChangeReservation } from './my-reservation-actions.tsx';

const statusText = (status: Reservation['status']): string =>
  ({
    pending_deposit: t('mine.status.depositDue', 'Deposit due'),
    booked: t('mine.status.booked', 'Booked'),
    seated: t('mine.status.seated', 'Seated'),
    completed: t('mine.status.completed', 'Completed'),
    cancelled: t('mine.status.cancelled', 'Cancelled'),
    no_show: t('mine.status.noShow', 'No-show'),
  })[status];

/**
 * "My Reservations": upcoming first, each with date, time, guests, status and "Cancel reservation"
 * while allowed; from the second branch on each names its branch.
 */
export function MyReservations() {
  const list = useMyReservations();
  const cancel = useCancelReservation();
  // The restaurant's today: a booking of that date can order ahead.
  const settings = useRestaurant().data;
  const timeZone = settings?.timeZone;
  const latinDigits = settings?.latinDigits ?? false;
  const today = timeZone ? todayIn(timeZone) : undefined;
  const branchOf = useBranchOf();

  async function onCancel(reservation: Reservation) {
    if (
      !(await confirmAction(
        t('mine.cancelQuestion', 'Cancel this reservation?'),
        `${bookingSummary(reservation, latinDigits)}.${depositOnCancel(reservation, latinDigits)}`,
        t('mine.cancelBooking', 'Cancel booking'),
        t('mine.keepIt', 'Keep it'),
      ))
    )
      return;
    try {
      const answer = await cancel.mutateAsync(reservation._id);
      void showDone(answer.message);
    } catch (error) {
      void showAlert(errorMessage(error, t('mine.theCancellation', 'the cancellation')), 'error');
    }
  }

  return (
    <ListStates
      pending={list.isPending}
      failed={list.isError}
      error={list.error}
      what={t('mine.yourReservations', 'your reservations')}
      onRetry={() => void list.refetch()}
      retrying={list.isFetching}
      items={list.data}
      emptyText={t('mine.noReservations', 'You have no reservations yet.')}
    >
      {(reservations) => (
        <ul className="flex flex-col gap-3">
          {reservations.map((r) => (
            <li
              key={r._id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4"
            >
              <div className="flex flex-col gap-1">
                <p className="text-lg font-semibold">
                  <time dateTime={`${r.date}T${r.time}`}>{bookingWhen(r, latinDigits)}</time>
                </p>
                <p className="text-sm">
                  {guestCount(r.partySize, latinDigits)} · {r.name}
                  {r.tables.length > 0 &&
                    ` · ${t('mine.tableNames', 'table {{tables}}', { tables: r.tables.map((table) => table.name).join(' + ') })}`}
                </p>
                <span className={`badge ${r.status === 'pending_deposit' ? 'badge-warning' : 'badge-outline'}`}>
                  {statusText(r.status)}
                </span>
                <BranchNamed branch={branchOf(r.branchId)} />
                {r.deposit && <DepositLine reservation={r} />}
              </div>
              {r.status === 'pending_deposit' && r.deposit?.status === 'pending' && (
                <Link to={PATHS.payment.replace(':id', r.deposit.paymentId)} className="btn btn-primary btn-sm">
                  {t('mine.payDeposit', 'Pay the deposit')}
                  <span className="sr-only">
                    {' '}
                    {t('mine.forWhen', 'for {{when}}', { when: bookingWhen(r, latinDigits) })}
                  </span>
                </Link>
              )}
              {r.status !== 'cancelled' &&
                r.status !== 'no_show' &&
                r.status !== 'completed' &&
                r.status !== 'pending_deposit' &&
                r.date === today && (
                  <Link
                    to={`${PATHS.checkout}?fulfilment=dine_in&reservation=${r._id}`}
                    className="btn btn-primary btn-sm"
                  >
                    {t('mine.orderAhead', 'Order ahead')}
                    <span className="sr-only">
                      {' '}
                      {t('mine.forYourTableAt', 'for your table at {{time}}', {
                        time: localDigits(r.time, currentLanguage(), latinDigits),
                      })}
                    </span>
                  </Link>
                )}
              {r.cancellable && (
                <div className="flex flex-wrap gap-2">
                  {r.status === 'booked' && <ChangeReservation reservation={r} />}
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm"
                    disabled={cancel.isPending && cancel.variables === r._id}
                    onClick={() => void onCancel(r)}
                  >
                    {t('mine.cancelReservation', 'Cancel reservation')}
                    <span className="sr-only">
                      {' '}
                      {t('mine.ofWhen', 'of {{when}}', { when: bookingWhen(r, latinDigits) })}
                    </span>
                  </button>
                </div>
              )}
              {!r.cancellable && (r.status === 'booked' || r.status === 'pending_deposit') && <TooCloseToChange />}
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}
