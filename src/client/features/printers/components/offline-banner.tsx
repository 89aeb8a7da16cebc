import { PRINTER_TEXTS } from '@shared/contract/values.ts';
import { useRestaurant } from '@client/data/restaurant.ts';
import { restaurantTime } from '@client/lib/clock.ts';
import { usePrinterStates } from '../api/printers.ts';

/**
 * "Kitchen printer offline since 19:42", on the kitchen board and the Floor, for each printer that
 * has not polled for 30 s: tickets still reach the board, and its jobs print when it is back.
 */
export function PrintersOfflineBanner() {
  const states = usePrinterStates();
  const restaurant = useRestaurant();
  const timeZone = restaurant.data?.timeZone;
  const offline = (states.data ?? []).filter((printer) => printer.since !== null);
  if (offline.length === 0 || !timeZone) return null;
  return (
    <div role="alert" className="alert alert-warning mb-3 flex flex-col items-start gap-1">
      {offline.map((printer) => (
        <p key={printer._id} className="font-semibold">
          {PRINTER_TEXTS.offline(printer.role, restaurantTime(printer.since ?? '', timeZone))}
          <span className="sr-only"> ({printer.name})</span>
        </p>
      ))}
    </div>
  );
}
