import { t } from '../i18n/i18n.ts';
import { type Minor, ZERO, addMinor, timesMinor, toMinor } from './money.ts';

/**
 * A guest's choice of a dish's option values (docs/reference/ordering.md "Dish options"), as pure functions of
 * the dish's groups and the chosen value ids: what is chosen at first, what a click changes,
 * which group still lacks a choice, and the price in integer minor units. The dish page, the
 * order dialog and the staff "New order" page share them with `OptionPicker`; the server's order
 * call applies the same rules (catalog.service.ts `orderedDish`) and is the one that decides.
 *
 * A choice is a list of value ids in the dish's order (group by group, value by value), each at
 * most once, exactly what the order call's `options` takes.
 */

/** What these functions read of a group; the contract's `OptionGroup` fits. */
export interface ChoiceGroup {
  _id: number;
  name: string;
  min: number;
  max: number;
  values: readonly ChoiceValue[];
}

export interface ChoiceValue {
  _id: number;
  name: string;
  price: number;
  default: boolean;
  available: boolean;
}

/** The ids of `selected` that are values of `groups`, in the dish's order, each once. */
export function normalizeChoice(groups: readonly ChoiceGroup[], selected: Iterable<number>): number[] {
  const wanted = new Set(selected);
  const out: number[] = [];
  for (const group of groups) for (const value of group.values) if (wanted.has(value._id)) out.push(value._id);
  return out;
}

/**
 * The choice a page starts with: each group's default values that are not sold out. A sold-out
 * default is left unchosen (ordering it would be refused), so a required group may then wait for
 * the guest.
 */
export function defaultChoice(groups: readonly ChoiceGroup[]): number[] {
  return groups.flatMap((group) =>
    group.values.filter((value) => value.default && value.available).map((value) => value._id),
  );
}

/** `selected` without the values sold out since it was made (a live menu change). */
export function availableChoice(groups: readonly ChoiceGroup[], selected: Iterable<number>): number[] {
  const wanted = new Set(selected);
  return groups.flatMap((group) =>
    group.values.filter((value) => value.available && wanted.has(value._id)).map((value) => value._id),
  );
}

/** Whether a group holds at most one value: choosing another replaces it. */
export function isSingleChoice(group: Pick<ChoiceGroup, 'max'>): boolean {
  return group.max === 1;
}

/**
 * Whether a group is shown as radio buttons: exactly one value (min = max = 1). An optional
 * one-choice group is a checkbox per value (a radio could not be cleared), choosing another
 * replacing it; a several-choice group is checkboxes.
 */
export function usesRadios(group: Pick<ChoiceGroup, 'min' | 'max'>): boolean {
  return group.max === 1 && group.min >= 1;
}

/**
 * The choice after the guest turns value `valueId` on (`on: true`) or off. In a one-choice group
 * turning a value on replaces the group's other value; in a several-choice group a value beyond
 * `max` is not added (the picker disables those boxes), and a sold-out value is never added.
 */
export function toggleChoice(
  groups: readonly ChoiceGroup[],
  selected: readonly number[],
  valueId: number,
  on: boolean,
): number[] {
  const group = groups.find((g) => g.values.some((v) => v._id === valueId));
  if (!group) return normalizeChoice(groups, selected);
  const current = new Set(selected);
  if (!on) {
    current.delete(valueId);
    return normalizeChoice(groups, current);
  }
  const value = group.values.find((v) => v._id === valueId);
  if (!value?.available) return normalizeChoice(groups, current);
  if (isSingleChoice(group)) {
    for (const other of group.values) current.delete(other._id);
  } else if (!current.has(valueId) && chosenIn(group, current) >= group.max) {
    return normalizeChoice(groups, current);
  }
  current.add(valueId);
  return normalizeChoice(groups, current);
}

/** How many values of `group` are in `selected`. */
export function chosenIn(group: ChoiceGroup, selected: Iterable<number>): number {
  const set = selected instanceof Set ? (selected as Set<number>) : new Set(selected);
  return group.values.filter((value) => set.has(value._id)).length;
}

/** The first group chosen below its `min` ("Choose Size for Classic Cheeseburger"), or undefined. */
export function missingGroup<G extends ChoiceGroup>(groups: readonly G[], selected: readonly number[]): G | undefined {
  const set = new Set(selected);
  return groups.find((group) => chosenIn(group, set) < group.min);
}

/** The chosen values' prices together, in minor units. */
export function choiceCents(groups: readonly ChoiceGroup[], selected: readonly number[]): Minor {
  const set = new Set(selected);
  let sum = ZERO;
  // The prices are the contract's (a dish as the menu answers it): each becomes minor units once.
  for (const group of groups)
    for (const value of group.values) if (set.has(value._id)) sum = addMinor(sum, toMinor(value.price));
  return sum;
}

/** A line's unit price in minor units: the dish's price plus its chosen values'. */
export function unitCents(dishPrice: number, groups: readonly ChoiceGroup[], selected: readonly number[]): Minor {
  return addMinor(toMinor(dishPrice), choiceCents(groups, selected));
}

/** A line's total in minor units: (dish + chosen values) × quantity. */
export function lineCents(
  dishPrice: number,
  groups: readonly ChoiceGroup[],
  selected: readonly number[],
  quantity: number,
): Minor {
  return timesMinor(unitCents(dishPrice, groups, selected), quantity);
}

/** The chosen values' names in the dish's order ("Large", "Extra cheese"). */
export function choiceNames(groups: readonly ChoiceGroup[], selected: readonly number[]): string[] {
  const set = new Set(selected);
  return groups.flatMap((group) => group.values.filter((value) => set.has(value._id)).map((value) => value.name));
}

/**
 * What a group's legend says of its rule: "Choose 1" (min = max), "Up to 3" (none required),
 * "Choose 1 to 3" (some required, more allowed); its numbers through `number` (the page's
 * digits, `useNumbers`).
 */
export function groupRule(group: Pick<ChoiceGroup, 'min' | 'max'>, number: (value: number) => string = String): string {
  if (group.min === group.max) return t('option.chooseN', 'Choose {{n}}', { n: number(group.max) });
  if (group.min === 0) return t('option.upTo', 'Up to {{n}}', { n: number(group.max) });
  return t('option.chooseFromTo', 'Choose {{min}} to {{max}}', { min: number(group.min), max: number(group.max) });
}

/** A line's name as screens show it: "Classic Cheeseburger · Large, Extra cheese" (the dish alone without options). */
export function lineLabel(name: string, options: readonly { name: string }[] | undefined): string {
  return options && options.length > 0 ? `${name} · ${options.map((option) => option.name).join(', ')}` : name;
}
