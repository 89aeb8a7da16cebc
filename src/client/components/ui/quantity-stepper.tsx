import { t } from '@shared/i18n/i18n.ts';
import { MIN_QUANTITY } from '@shared/constants.ts';
import { useNumbers } from '@client/data/restaurant.ts';

/** Quantity: starts at 1, minus is disabled at the minimum, no upper bound in the UI (docs/reference/storefront.md §4). */
export function QuantityStepper({
  value,
  onChange,
  label: given,
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
}) {
  // Read at render: the page's language (a default parameter in English was a Bangla leftover for screen readers).
  const label = given ?? t('dish.quantity', 'Quantity');
  const atMinimum = value <= MIN_QUANTITY;
  const { number } = useNumbers();
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex w-fit items-center gap-1 rounded-full border border-base-300 bg-base-100 p-1"
    >
      <button
        type="button"
        className="btn btn-circle btn-ghost btn-sm text-xl"
        aria-label={t('errors.decreaseQuantity', 'Decrease quantity')}
        disabled={atMinimum}
        onClick={() => onChange(Math.max(MIN_QUANTITY, value - 1))}
      >
        −
      </button>
      <output aria-label={label} className="min-w-10 text-center text-lg font-semibold tabular-nums">
        {number(value)}
      </output>
      <button
        type="button"
        className="btn btn-circle btn-ghost btn-sm text-xl"
        aria-label={t('errors.increaseQuantity', 'Increase quantity')}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
