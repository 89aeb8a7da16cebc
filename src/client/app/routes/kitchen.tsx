import { Link } from 'react-router';
import { PATHS } from '@shared/paths.ts';
import { RequireStaff } from '@client/features/accounts/components/guards.tsx';
import { KitchenBoard } from '@client/features/kitchen/components/kitchen-board.tsx';
import { PrintersOfflineBanner } from '@client/features/printers/components/offline-banner.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

/** /kitchen (staff): the live board, a whole screen for the kitchen's tablet. */
export function KitchenRoute() {
  useDocumentTitle('Kitchen');
  return (
    <RequireStaff>
      <main id="main" className="min-h-screen bg-base-200 p-3 sm:p-6">
        <nav aria-label="Back" className="mb-2">
          <Link to={PATHS.dashboard} className="link text-sm">
            ← Dashboard
          </Link>
        </nav>
        <PrintersOfflineBanner />
        <KitchenBoard />
      </main>
    </RequireStaff>
  );
}
