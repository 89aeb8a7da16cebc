import { t } from '@shared/i18n/i18n.ts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { usePlaceName } from '@client/components/ui/branch-switch.tsx';
import { useRestaurant } from '@client/data/restaurant.ts';
import { BookingForm } from '@client/features/reservations/components/booking-form.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

/** /reservations/new: "Book a table". */
export function ReserveRoute() {
  useDocumentTitle(t('head.reserve', 'Book a table'));
  const restaurant = useRestaurant();
  const place = usePlaceName(restaurant.data?.name);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pt-10 pb-16 sm:px-6">
      <header>
        <h1 className="text-4xl font-bold">{t('booking.bookATable', 'Book a table')}</h1>
        {restaurant.data && (
          <p className="mt-2 text-base-content/80">
            {place}, {restaurant.data.address}
          </p>
        )}
      </header>
      {restaurant.isError ? (
        <QueryError
          what="the restaurant's hours"
          error={restaurant.error}
          onRetry={() => void restaurant.refetch()}
          retrying={restaurant.isFetching}
        />
      ) : restaurant.isPending ? (
        <Spinner label={t('booking.loadingTheRestaurantSHours', "Loading the restaurant's hours")} />
      ) : (
        <BookingForm settings={restaurant.data} />
      )}
    </div>
  );
}
