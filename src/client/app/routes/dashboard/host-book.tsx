import { useSearchParams } from 'react-router';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { RequireStaff } from '@client/features/accounts/components/guards.tsx';
import { useRestaurant } from '@client/data/restaurant.ts';
import { DayBook } from '@client/features/reservations/components/day-book.tsx';
import { todayIn } from '@client/lib/clock.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/book (staff): the "Reservations" page, a day's book with its date in the address. */
export function HostBookRoute() {
  useDocumentTitle(t('dayBook.title', 'Reservations'));
  return (
    <RequireStaff>
      <HostBook />
    </RequireStaff>
  );
}

function HostBook() {
  const restaurant = useRestaurant();
  const [params, setParams] = useSearchParams();
  if (!restaurant.data) return <Spinner label={t('staffNav.loadingSettings', "Loading the restaurant's settings")} />;
  const timeZone = restaurant.data.timeZone;
  const date = params.get('date') ?? todayIn(timeZone);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('dayBook.title', 'Reservations')}</h1>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{t('dayBook.day', 'Day')}</span>
          <input
            type="date"
            className="input input-sm"
            value={date}
            onChange={(e) => e.target.value && setParams({ date: e.target.value }, { replace: true })}
          />
        </label>
      </header>
      <DayBook date={date} timeZone={timeZone} />
    </div>
  );
}
