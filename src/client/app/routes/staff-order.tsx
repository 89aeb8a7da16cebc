import { useSearchParams } from 'react-router';
import { StaffScreen } from '@client/app/layout/staff-screen.tsx';
import { PATHS } from '@shared/paths.ts';
import { FLOOR_TEXT, STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { OptionPicker, focusOptionGroup } from '@client/features/catalog/components/OptionPicker.tsx';
import { type OptionPickerSlot, StaffOrderForm } from '@client/features/tickets/components/staff-order-form.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';
import { BranchSwitch } from '@client/components/ui/branch-switch.tsx';

/** The catalogue's option picker, handed to the tickets feature's form (features compose in app/). */
const optionPicker: OptionPickerSlot = { render: (props) => <OptionPicker {...props} />, focusGroup: focusOptionGroup };

/** /staff/order ("New order", staff): a phone, counter or table order, a whole screen for the till's tablet; `?table=12` takes that table's order. */
export function StaffOrderRoute() {
  useDocumentTitle(STAFF_ORDER_TEXT.title);
  const [params] = useSearchParams();
  const table = params.get('table');
  return (
    <StaffScreen
      links={[
        {
          to: table && /^\d{1,10}$/.test(table) ? `${PATHS.floor}?table=${table}` : PATHS.floor,
          label: FLOOR_TEXT.title,
        },
        { to: PATHS.kitchen, label: t('kitchen.title', 'Kitchen') },
      ]}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{STAFF_ORDER_TEXT.title}</h1>
        <BranchSwitch className="text-sm" />
      </div>
      <StaffOrderForm
        key={table ?? ''}
        optionPicker={optionPicker}
        table={table && /^\d{1,10}$/.test(table) ? table : null}
      />
    </StaffScreen>
  );
}
