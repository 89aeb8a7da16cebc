import { MyReservations } from '@client/features/reservations/components/my-reservations.tsx';
import { BookAnotherLink } from '@client/features/reservations/components/my-reservation-actions.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/reservations: "My Reservations". */
export function MyReservationsRoute() {
  useDocumentTitle(t('head.myReservations', 'My Reservations'));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('head.myReservations', 'My Reservations')}</h1>
        <BookAnotherLink />
      </header>
      <MyReservations />
    </div>
  );
}
