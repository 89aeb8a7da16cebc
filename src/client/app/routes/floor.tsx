import { useSearchParams } from 'react-router';
import { StaffScreen } from '@client/app/layout/staff-screen.tsx';
import { PATHS } from '@shared/paths.ts';
import { FLOOR_TEXT, STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useRestaurant } from '@client/data/restaurant.ts';
import { BillPanel } from '@client/features/bills/components/bill-panel.tsx';
import { PrintersOfflineBanner } from '@client/features/printers/components/offline-banner.tsx';
import { Floor } from '@client/features/tables/components/floor.tsx';
import { todayIn } from '@client/lib/clock.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';
import { BranchSwitch } from '@client/components/ui/branch-switch.tsx';

/** /staff/tables ("Floor", staff): the tables' states and a table's bill, a whole screen for the floor's tablet; `?table=&bill=` keep the open one. */
export function FloorRoute() {
  useDocumentTitle(FLOOR_TEXT.title);
  return (
    <StaffScreen
      links={[
        { to: PATHS.staffOrder, label: STAFF_ORDER_TEXT.newOrder },
        { to: PATHS.kitchen, label: t('kitchen.title', 'Kitchen') },
      ]}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{FLOOR_TEXT.title}</h1>
        <BranchSwitch className="text-sm" />
      </div>
      <PrintersOfflineBanner />
      <FloorOfToday />
    </StaffScreen>
  );
}

function FloorOfToday() {
  const restaurant = useRestaurant();
  const [params, setParams] = useSearchParams();
  if (restaurant.isError)
    return (
      <QueryError
        what={t('staffNav.theSettings', 'the settings')}
        error={restaurant.error}
        onRetry={() => void restaurant.refetch()}
        retrying={restaurant.isFetching}
      />
    );
  if (!restaurant.data) return <Spinner label={t('staffNav.loadingSettings', "Loading the restaurant's settings")} />;
  return (
    <Floor
      date={todayIn(restaurant.data.timeZone)}
      selected={{ table: params.get('table'), bill: params.get('bill') }}
      onSelect={(table, bill) => setParams(bill ? { table, bill } : { table }, { replace: true })}
      billPanel={(table, billId) => <BillPanel key={`${table._id}-${billId ?? ''}`} table={table} billId={billId} />}
    />
  );
}
