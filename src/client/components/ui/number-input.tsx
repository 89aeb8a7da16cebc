import { type InputHTMLAttributes, useState } from 'react';
import { useNumbers } from '@client/data/restaurant.ts';
import { typedNumber } from '@shared/i18n/format.ts';

type Props = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'inputMode' | 'min' | 'max'
> & {
  /** The bounds the arrow keys keep a whole number within, as a `type="number"` field's. */
  min?: number;
  max?: number;
  /** The number held (NaN for an empty field or what is not a number, which the form's check refuses). */
  value: number;
  onChange: (value: number) => void;
  /** Amounts and rates with a decimal point; whole numbers otherwise (the phone's keyboard). */
  decimal?: boolean;
};

/**
 * A number field in the page's digits (decision 051): a text field, not `type="number"` (which
 * shows only Latin digits), showing the number as the page writes it ("১৫", "15" where the
 * restaurant keeps Latin digits) and reading what is typed in either digits (`typedNumber`).
 * What is typed stays as typed ("১২." while typing "১২.৫"); a number changed from elsewhere is shown anew.
 * In a whole-number field, the up and down arrows add or take 1 within `min` and `max`, as before.
 */
export function NumberInput({ value, onChange, decimal = false, min = -Infinity, max = Infinity, ...props }: Props) {
  const { digits } = useNumbers();
  const [typed, setTyped] = useState<string | null>(null);
  const shown =
    typed !== null && Object.is(typedNumber(typed), value) ? typed : Number.isNaN(value) ? '' : digits(value);
  return (
    <input
      {...props}
      inputMode={decimal ? 'decimal' : 'numeric'}
      value={shown}
      onChange={(e) => {
        setTyped(e.target.value);
        onChange(typedNumber(e.target.value));
      }}
      onKeyDown={(e) => {
        props.onKeyDown?.(e);
        const by = e.key === 'ArrowUp' ? 1 : e.key === 'ArrowDown' ? -1 : 0;
        if (decimal || !by || e.defaultPrevented) return;
        e.preventDefault();
        setTyped(null);
        onChange(Math.min(max, Math.max(min, (Number.isFinite(value) ? Math.trunc(value) : 0) + by)));
      }}
    />
  );
}

/**
 * The number a form sends from a NumberInput where it sent a `type="number"` field's `Number(value)`:
 * an empty field (NaN here) is 0 as it was, which the server refuses with its own message.
 */
export const sentNumber = (value: number) => (Number.isNaN(value) ? 0 : value);
