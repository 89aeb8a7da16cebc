import { Spinner } from '@client/components/ui/spinner.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { SettingsForm } from '@client/features/restaurant/components/settings-form.tsx';
import { useRestaurant } from '@client/data/restaurant.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/settings (behind the admin guard): the restaurant's settings. */
export function SettingsRoute() {
  useDocumentTitle(t('head.settings', 'Settings'));
  const restaurant = useRestaurant();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('head.settings', 'Settings')}</h1>
      {restaurant.isError ? (
        <QueryError
          what={t('settings.theSettings', 'the settings')}
          error={restaurant.error}
          onRetry={() => void restaurant.refetch()}
          retrying={restaurant.isFetching}
        />
      ) : !restaurant.data ? (
        <Spinner label={t('settings.loading', 'Loading the settings')} />
      ) : (
        <SettingsForm settings={restaurant.data} />
      )}
    </div>
  );
}
