import { OwnList } from '@client/components/records/own-list.tsx';
import { ReportsTable } from '@client/features/dish-reports/components/reports-table.tsx';
import { useAuth } from '@client/data/account-session.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard/reports-orders: the guest's reports, to delete (docs/reference/storefront.md §2). */
export function ReportsOrdersRoute() {
  useDocumentTitle(t('head.reportsOrders', 'Reports Orders'));
  const { user } = useAuth();
  return (
    <OwnList title={t('head.reportsOrders', 'Reports Orders')} select={(record) => record.reports}>
      {(reports) => <ReportsTable reports={reports} email={user?.email ?? ''} />}
    </OwnList>
  );
}
