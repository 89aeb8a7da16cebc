import '@client/lib/zod-without-eval.ts';
import type { Allergen } from '@shared/constants.ts';
import { type OptionGroup, type OptionGroupInput, optionsInput } from '@shared/contract/catalog.ts';
import { typedNumber } from '@shared/i18n/format.ts';
import { checkWith } from '@client/lib/form-check.ts';

/**
 * The dish dialog's options as the editor holds them (option-groups-editor.tsx): every field as
 * typed, its numbers in the page's digits, and the check with the server's own schema
 * (`optionsInput`) before sending.
 */

type Digits = (value: string | number) => string;

export interface ValueDraft {
  key: string;
  _id?: number;
  name: string;
  /** In Bangla (decision 047), '' for none. */
  nameBn: string;
  price: string;
  prepUnits: string;
  default: boolean;
  available: boolean;
  /** Kept as they are (edited through the API). */
  allergens: Allergen[];
}

export interface GroupDraft {
  key: string;
  _id?: number;
  name: string;
  nameBn: string;
  min: string;
  max: string;
  values: ValueDraft[];
}

/** Problems by path inside `options`: "0.name", "0.values.1.price", "" for the whole list. */
export type OptionProblems = Record<string, string>;

let nextKey = 0;
export const newKey = () => `new-${(nextKey += 1)}`;

/** The list with one item moved from `from` to `to` (Up, Down); a copy unchanged if `to` is outside it. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** The numbers as the page writes them: `digits` is the page's (`useNumbers`), Latin when left out. */
export function optionDrafts(groups: readonly OptionGroup[] | undefined, digits: Digits = String): GroupDraft[] {
  return (groups ?? []).map((group) => ({
    key: `g${group._id}`,
    _id: group._id,
    name: group.translations?.en.name ?? group.name,
    nameBn: group.translations?.bn.name ?? '',
    min: digits(group.min),
    max: digits(group.max),
    values: group.values.map((value) => ({
      key: `v${value._id}`,
      _id: value._id,
      name: value.translations?.en.name ?? value.name,
      nameBn: value.translations?.bn.name ?? '',
      price: digits(value.price),
      prepUnits: digits(value.prepUnits),
      default: value.default,
      available: value.available,
      allergens: [...value.allergens],
    })),
  }));
}

/**
 * The drafts as the API takes them (numbers typed in Bengali or Latin digits), checked by the
 * contract's schema; problems keyed by path, in the page's language and `digits`.
 */
export function checkOptions(
  drafts: readonly GroupDraft[],
  digits: Digits = String,
): { problems: OptionProblems; options?: OptionGroupInput[] } {
  const raw = drafts.map((group) => ({
    ...(group._id !== undefined ? { _id: group._id } : {}),
    name: group.name.trim(),
    translations: { bn: { name: group.nameBn.trim() } },
    min: typedNumber(group.min),
    max: typedNumber(group.max),
    values: group.values.map((value) => ({
      ...(value._id !== undefined ? { _id: value._id } : {}),
      name: value.name.trim(),
      translations: { bn: { name: value.nameBn.trim() } },
      price: typedNumber(value.price),
      default: value.default,
      available: value.available,
      prepUnits: value.prepUnits.trim() === '' ? 0 : typedNumber(value.prepUnits),
      allergens: value.allergens,
    })),
  }));
  const { data, problems } = checkWith(optionsInput, raw, digits);
  return data ? { problems: {}, options: data } : { problems: Object.fromEntries(problems) };
}

/** A server's 400 about the options ("options.0.values.1.price: price must be …") as a problem by path; null for another field's. */
export function serverOptionProblem(message: string): OptionProblems | null {
  const match = /^options(?:\.([\w.]+))?: (.*)$/s.exec(message);
  if (match) return { [match[1] ?? '']: match[2] ?? message };
  // The service's own checks ("options: this dish has no option value with _id 7") name no path.
  if (message.startsWith('options')) return { '': message };
  return null;
}
