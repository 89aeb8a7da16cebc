import { t } from '@shared/i18n/i18n.ts';
import { StaffScreen } from '@client/app/layout/staff-screen.tsx';
import { KitchenBoard } from '@client/features/kitchen/components/kitchen-board.tsx';
import { PrintersOfflineBanner } from '@client/features/printers/components/offline-banner.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

/** /kitchen (staff): the live board, a whole screen for the kitchen's tablet. */
export function KitchenRoute() {
  useDocumentTitle(t('kitchen.title', 'Kitchen'));
  return (
    <StaffScreen links={[]}>
      <PrintersOfflineBanner />
      <KitchenBoard />
    </StaffScreen>
  );
}
