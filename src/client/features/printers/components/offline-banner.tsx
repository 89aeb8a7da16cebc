import type { PrinterRole } from '@shared/contract/values.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { usePrinterStates } from '../api/printers.ts';

/**
 * "Kitchen printer offline since 19:42", on the kitchen board and the Floor, for each printer that
 * has not polled for 30 s: tickets still reach the board, and its jobs print when it is back.
 */
/** "Kitchen printer", read at render (it follows the language). */
export const printerRoleName = (role: PrinterRole): string =>
  ({
    kitchen: t('printers.kitchenPrinter', 'Kitchen printer'),
    bar: t('printers.barPrinter', 'Bar printer'),
    receipt: t('printers.receiptPrinter', 'Receipt printer'),
  })[role];

export function PrintersOfflineBanner() {
  const states = usePrinterStates();
  const restaurant = useRestaurant();
  const time = useRestaurantTime();
  const timeZone = restaurant.data?.timeZone;
  const offline = (states.data ?? []).filter((printer) => printer.since !== null);
  if (offline.length === 0 || !timeZone) return null;
  return (
    <div role="alert" className="alert alert-warning mb-3 flex flex-col items-start gap-1">
      {offline.map((printer) => (
        <p key={printer._id} className="font-semibold">
          {t('printers.offlineSince', '{{printer}} offline since {{time}}', {
            printer: printerRoleName(printer.role),
            time: time(printer.since ?? ''),
          })}
          <span className="sr-only"> ({printer.name})</span>
        </p>
      ))}
    </div>
  );
}
