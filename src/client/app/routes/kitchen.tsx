import { Link } from 'react-router';
import { OfflineStatus } from '@client/components/ui/offline-status.tsx';
import { PATHS } from '@shared/paths.ts';
import { RequireStaff } from '@client/features/accounts/components/guards.tsx';
import { KitchenBoard } from '@client/features/kitchen/components/kitchen-board.tsx';
import { PrintersOfflineBanner } from '@client/features/printers/components/offline-banner.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /kitchen (staff): the live board, a whole screen for the kitchen's tablet. */
export function KitchenRoute() {
  useDocumentTitle(t('kitchen.title', 'Kitchen'));
  return (
    <RequireStaff>
      <main id="main" className="min-h-screen bg-base-200 p-3 sm:p-6">
        <nav aria-label={t('staffNav.back', 'Back')} className="mb-2">
          <Link to={PATHS.dashboard} className="link text-sm">
            ← {t('staffNav.dashboard', 'Dashboard')}
          </Link>
        </nav>
        <OfflineStatus />
        <PrintersOfflineBanner />
        <KitchenBoard />
      </main>
    </RequireStaff>
  );
}
