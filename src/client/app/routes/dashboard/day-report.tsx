import { TEXT } from '@shared/texts.ts';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { DayReportPage } from '@client/features/reports/components/day-report.tsx';
import { useRestaurant } from '@client/data/restaurant.ts';
import { todayIn } from '@client/lib/clock.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/day-report (behind the admin guard): the day's figures, CSV and cash count; today on the restaurant's clock first. */
export function DayReportRoute() {
  useDocumentTitle(TEXT.dayReport);
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
  return <DayReportPage today={todayIn(restaurant.data.timeZone)} />;
}
