import type { Product } from '@shared/contract/catalog.ts';
import { addDays, instantAtWallClock } from '@shared/domain/opening.ts';
import { todayIn } from '@client/lib/clock.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { showAlert } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useSetOptionAvailability } from '../api/manage-menu.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * A dish's option values, each with its availability switch (staff and admins): a value sold out
 * cannot be ordered, the dish still can (docs/reference/ordering.md "Dish options").
 */
export function OptionSwitches({ product }: { product: Product }) {
  const setAvailable = useSetOptionAvailability();
  const { number } = useNumbers();
  const values = product.options.flatMap((group) => group.values.map((value) => ({ group, value })));
  if (values.length === 0) return null;
  const soldOut = values.filter(({ value }) => !value.available).length;
  const busyValue = setAvailable.isPending ? setAvailable.variables.valueId : null;

  async function toggle(valueId: number, name: string, available: boolean) {
    try {
      await setAvailable.mutateAsync({ productId: product._id, valueId, available });
    } catch (error) {
      void showAlert(errorMessage(error, t('menuAdmin.switching', 'switching {{name}}', { name })), 'error');
    }
  }

  return (
    <details className="text-sm">
      <summary className="cursor-pointer">
        {soldOut > 0
          ? t('menuAdmin.optionsSoldOut', 'Options ({{n}}, {{soldOut}} sold out)', {
              n: number(values.length),
              soldOut: number(soldOut),
            })
          : t('menuAdmin.options', 'Options ({{n}})', { n: number(values.length) })}
        <span className="sr-only"> {t('accounts.ofName', 'of {{name}}', { name: product.name })}</span>
      </summary>
      <ul className="mt-1 flex flex-col gap-1">
        {values.map(({ group, value }) => (
          <li key={value._id}>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                role="switch"
                className="toggle toggle-xs toggle-success"
                checked={value.available}
                disabled={busyValue === value._id}
                onChange={(e) => void toggle(value._id, value.name, e.target.checked)}
              />
              <span>
                {group.name}: {value.name}
                <span className="sr-only"> ({product.name})</span>
                {value.available ? '' : ` · ${t('favorites.soldOut', 'Sold out')}`}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Tomorrow at 10:00 on the restaurant's clock, as an instant. */
export function tomorrowMorning(timeZone: string): string {
  return new Date(instantAtWallClock(addDays(todayIn(timeZone), 1), 10 * 60, timeZone)).toISOString();
}
