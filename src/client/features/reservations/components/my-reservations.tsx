import type { Reservation } from '@shared/contract/reservations.ts';
import { Link } from 'react-router';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { confirmAction, showAlert, showSuccess } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { PATHS } from '@shared/paths.ts';
import { useCancelReservation, useMyReservations } from '../api/reservations.ts';

const STATUS_TEXT: Record<Reservation['status'], string> = {
  booked: 'Booked',
  seated: 'Seated',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** "My Reservations": upcoming first, each with date, time, guests, status and "Cancel reservation" while allowed. */
export function MyReservations() {
  const list = useMyReservations();
  const cancel = useCancelReservation();

  async function onCancel(reservation: Reservation) {
    if (!(await confirmAction('Cancel this reservation?', `${reservation.date} at ${reservation.time} for ${reservation.partySize}.`, 'Yes, cancel it'))) return;
    try {
      const answer = await cancel.mutateAsync(reservation._id);
      void showSuccess(answer.message);
    } catch (error) {
      void showAlert(errorMessage(error, 'the cancellation'), 'error');
    }
  }

  return (
    <ListStates
      pending={list.isPending}
      failed={list.isError}
      error={list.error}
      what="your reservations"
      onRetry={() => void list.refetch()}
      retrying={list.isFetching}
      items={list.data}
      emptyText="You have no reservations yet."
    >
      {(reservations) => (
        <ul className="flex flex-col gap-3">
          {reservations.map((r) => (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-4">
              <div className="flex flex-col gap-1">
                <p className="text-lg font-semibold">
                  {r.date} at {r.time}
                </p>
                <p className="text-sm">
                  {r.partySize} {r.partySize === 1 ? 'guest' : 'guests'} · {r.name}
                  {r.tables.length > 0 && ` · table ${r.tables.map((t) => t.name).join(' + ')}`}
                </p>
                <span className="badge badge-outline">{STATUS_TEXT[r.status]}</span>
              </div>
              {r.cancellable && (
                <button type="button" className="btn btn-outline btn-error btn-sm" disabled={cancel.isPending && cancel.variables === r._id} onClick={() => void onCancel(r)}>
                  Cancel reservation<span className="sr-only"> of {r.date} at {r.time}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </ListStates>
  );
}

export function BookAnotherLink() {
  return (
    <Link to={PATHS.reserve} className="btn btn-primary btn-sm">
      Book a table
    </Link>
  );
}
