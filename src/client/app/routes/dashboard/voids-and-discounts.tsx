import { TEXT } from '@shared/texts.ts';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { VoidsAndDiscountsPage } from '@client/features/reports/components/voids-and-discounts.tsx';
import { useRestaurant } from '@client/data/restaurant.ts';
import { todayIn } from '@client/lib/clock.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/voids-and-discounts (behind the admin guard): the audit trail per staff member and day; today on the restaurant's clock first. */
export function VoidsAndDiscountsRoute() {
  useDocumentTitle(TEXT.voidsAndDiscounts);
  const restaurant = useRestaurant();
  if (restaurant.isError)
    return (
      <QueryError
        what={t('settings.theSettings', 'the settings')}
        error={restaurant.error}
        onRetry={() => void restaurant.refetch()}
        retrying={restaurant.isFetching}
      />
    );
  if (!restaurant.data) return <Spinner />;
  return <VoidsAndDiscountsPage today={todayIn(restaurant.data.timeZone)} />;
}
