import { DashboardOverview } from '@client/features/dashboard/components/dashboard-overview.tsx';
import { TodayFigures } from '@client/features/reports/components/today-figures.tsx';
import { BackupStatusCard } from '@client/features/reports/components/backup-status.tsx';
import { BranchesToday } from '@client/features/reports/components/branches-today.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /dashboard: the overview. Lazily loaded by the router, so Recharts stays out of the storefront's bundle. */
export function DashboardOverviewRoute() {
  useDocumentTitle(t('head.dashboard', 'Dashboard'));
  return (
    <DashboardOverview
      todayFigures={
        <>
          <BackupStatusCard />
          <BranchesToday />
          <TodayFigures />
        </>
      }
    />
  );
}
