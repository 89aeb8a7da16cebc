import type { OptionGroup } from '@shared/contract/catalog.ts';
import { OPTION_TEXT } from '@shared/texts-ordering.ts';
import { useLayoutEffect, useRef } from 'react';
import {
  chosenIn,
  groupRule,
  isSingleChoice,
  normalizeChoice,
  toggleChoice,
  usesRadios,
} from '@shared/domain/option-choice.ts';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';

/**
 * OptionPicker: a dish's option groups for a guest or a member of staff to choose from
 * (docs/reference/ordering.md "Dish options"). Used by the dish page and the staff "New order" page; keep this
 * API stable.
 *
 * Props
 * - `groups`: the dish's `options` as the API answers them (`Product['options']`), in order.
 * - `selected`: the chosen value ids (the order call's `options`); start from
 *   `defaultChoice(groups)` of `@shared/domain/option-choice.ts`.
 * - `onChange(next)`: the new list of value ids after a click, already normalized (the dish's
 *   order, each once; one value per one-choice group; never more than a group's `max`; never a
 *   sold-out value). Computed by `toggleChoice` of the same module.
 * - `idPrefix`: makes the element ids unique on the page (one picker per dish line: use React's
 *   `useId()` or the line's key). Group `g` is the fieldset `${idPrefix}-group-${g._id}`, see
 *   `optionGroupId`.
 * - `missing` (optional): `{ groupId, message }` of a required group left without a choice
 *   (`missingGroup(groups, selected)` and `OPTION_TEXT.choose(group.name, dish.name)`); the message
 *   shows next to that group and describes it. To move the focus there, call
 *   `focusOptionGroup(idPrefix, groupId)` after rendering it.
 * - `disabled` (optional): every input off (while an order is being sent).
 *
 * Rendering: each group is a `fieldset` whose `legend` says its name, its rule ("Choose 1",
 * "Up to 3", "Choose 1 to 3") and "Required" when its `min` is above 0. A group of exactly one
 * value (min = max = 1) is radio buttons; any other is checkboxes (an optional one-choice group
 * replaces its value on a click; in a several-choice group the unchosen boxes are disabled once
 * `max` are chosen).
 * Each value shows its price as "+$2.50" when it has one, and a sold-out value is disabled and
 * marked "Sold out". Nothing is rendered for a dish without groups. On a page the server
 * rendered, what a guest ticked before the code loaded is taken over (one `onChange` after
 * hydration).
 */
export interface OptionPickerProps {
  groups: readonly OptionGroup[];
  selected: readonly number[];
  onChange: (next: number[]) => void;
  idPrefix: string;
  missing?: { groupId: number; message: string } | null | undefined;
  disabled?: boolean;
}

/** The DOM id of a group's fieldset. */
export function optionGroupId(idPrefix: string, groupId: number): string {
  return `${idPrefix}-group-${groupId}`;
}

/** Moves the focus to a group's first input that can be chosen (after a refusal of "Add to Cart"). */
export function focusOptionGroup(idPrefix: string, groupId: number): void {
  const fieldset = document.getElementById(optionGroupId(idPrefix, groupId));
  const input = fieldset?.querySelector<HTMLInputElement>('input:not(:disabled)');
  (input ?? fieldset)?.focus();
}

export function OptionPicker({ groups, selected, onChange, idPrefix, missing, disabled = false }: OptionPickerProps) {
  const money = useMoney();
  const { number } = useNumbers();
  const container = useRef<HTMLDivElement>(null);
  // On a page the server rendered, a guest may tick boxes before the code has loaded: the
  // hydrated picker takes what the page shows (through the same rules) instead of dropping it.
  useLayoutEffect(() => {
    const inputs = container.current?.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]');
    if (!inputs || inputs.length === 0) return;
    const shown = [...inputs].filter((input) => input.checked).map((input) => Number(input.value));
    const taken = shown.reduce<number[]>((choice, id) => toggleChoice(groups, choice, id, true), []);
    if (taken.join(',') !== normalizeChoice(groups, selected).join(',')) onChange(taken);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration
  }, []);
  if (groups.length === 0) return null;
  const chosen = new Set(selected);
  return (
    <div ref={container} className="flex flex-col gap-4">
      {groups.map((group) => {
        const radios = usesRadios(group);
        const full = !isSingleChoice(group) && chosenIn(group, chosen) >= group.max;
        const fieldsetId = optionGroupId(idPrefix, group._id);
        const errorId = `${fieldsetId}-error`;
        const showError = missing?.groupId === group._id;
        return (
          <fieldset
            key={group._id}
            id={fieldsetId}
            tabIndex={-1}
            aria-describedby={showError ? errorId : undefined}
            className={`rounded-box border p-3 ${showError ? 'border-error' : 'border-base-300'}`}
          >
            <legend className="flex flex-wrap items-baseline gap-x-2 px-1">
              <span className="font-semibold">{group.name}</span>
              <span className="text-sm">{groupRule(group, number)}</span>
              {group.min > 0 ? <span className="badge badge-sm badge-outline">{OPTION_TEXT.required}</span> : null}
            </legend>
            {showError ? (
              <p id={errorId} role="alert" className="mb-2 text-sm font-semibold text-error">
                {missing.message}
              </p>
            ) : null}
            <ul className="flex flex-col gap-1">
              {group.values.map((value) => {
                const inputId = `${fieldsetId}-value-${value._id}`;
                const isChosen = chosen.has(value._id);
                const off = disabled || !value.available || (full && !isChosen);
                return (
                  <li key={value._id}>
                    <label
                      htmlFor={inputId}
                      className={`flex min-h-11 items-center gap-3 rounded-field px-2 ${off ? 'opacity-70' : 'cursor-pointer hover:bg-base-200'}`}
                    >
                      <input
                        id={inputId}
                        type={radios ? 'radio' : 'checkbox'}
                        name={radios ? fieldsetId : undefined}
                        value={value._id}
                        className={radios ? 'radio radio-primary radio-sm' : 'checkbox checkbox-primary checkbox-sm'}
                        checked={isChosen}
                        disabled={off}
                        onChange={(event) => onChange(toggleChoice(groups, selected, value._id, event.target.checked))}
                      />
                      <span className="min-w-0 flex-1">{value.name}</span>
                      {value.available ? null : (
                        <span className="badge badge-sm badge-neutral">{OPTION_TEXT.soldOut}</span>
                      )}
                      {value.price > 0 ? (
                        <span className="tabular-nums">{OPTION_TEXT.addOn(money(value.price))}</span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
