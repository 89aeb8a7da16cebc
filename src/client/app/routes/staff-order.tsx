import { Link, useSearchParams } from 'react-router';
import { OfflineStatus } from '@client/components/ui/offline-status.tsx';
import { PATHS } from '@shared/paths.ts';
import { FLOOR_TEXT, STAFF_ORDER_TEXT } from '@shared/texts.ts';
import { RequireStaff } from '@client/features/accounts/components/guards.tsx';
import { OptionPicker, focusOptionGroup } from '@client/features/catalog/components/OptionPicker.tsx';
import { type OptionPickerSlot, StaffOrderForm } from '@client/features/tickets/components/staff-order-form.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** The catalogue's option picker, handed to the tickets feature's form (features compose in app/). */
const optionPicker: OptionPickerSlot = { render: (props) => <OptionPicker {...props} />, focusGroup: focusOptionGroup };

/** /staff/order ("New order", staff): a phone, counter or table order, a whole screen for the till's tablet; `?table=12` takes that table's order. */
export function StaffOrderRoute() {
  useDocumentTitle(STAFF_ORDER_TEXT.title);
  const [params] = useSearchParams();
  const table = params.get('table');
  return (
    <RequireStaff>
      <main id="main" className="min-h-screen bg-base-200 p-3 sm:p-6">
        <nav aria-label={t('staffNav.back', 'Back')} className="mb-2 flex gap-4">
          <Link to={PATHS.dashboard} className="link text-sm">
            ← {t('staffNav.dashboard', 'Dashboard')}
          </Link>
          <Link to={table && /^\d{1,10}$/.test(table) ? `${PATHS.floor}?table=${table}` : PATHS.floor} className="link text-sm">
            {FLOOR_TEXT.title}
          </Link>
          <Link to={PATHS.kitchen} className="link text-sm">
            {t('kitchen.title', 'Kitchen')}
          </Link>
        </nav>
        <OfflineStatus />
        <h1 className="mb-4 text-3xl font-bold">{STAFF_ORDER_TEXT.title}</h1>
        <StaffOrderForm key={table ?? ''} optionPicker={optionPicker} table={table && /^\d{1,10}$/.test(table) ? table : null} />
      </main>
    </RequireStaff>
  );
}
