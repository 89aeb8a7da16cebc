import { type Allergen, type Diet, MAX_DISH_NAME_LENGTH, PREP_UNITS } from '@shared/constants.ts';
import type { CreateProductBody, Product } from '@shared/contract/catalog.ts';
import type { Numbers } from '@client/data/restaurant.ts';
import { type GroupDraft, type OptionProblems, checkOptions, optionDrafts } from './option-drafts.ts';
import { t } from '@shared/i18n/i18n.ts';
import { latinDigitsOf, typedNumber } from '@shared/i18n/format.ts';

/**
 * A dish as the editor holds it (every field as typed, its numbers in the page's digits, either
 * digits typed) and the checks the server makes, run before sending: a problem per field, the
 * option groups' problems, or the body to send. `numbers` is the page's (`useNumbers`).
 */
export interface Draft {
  name: string;
  /** The name, description and ingredients (comma-separated) in Bangla (decisions 047, 058), '' for none. */
  nameBn: string;
  descriptionBn: string;
  itemsBn: string;
  category: string;
  price: string;
  items: string;
  description: string;
  allergens: Allergen[];
  diet: Diet[];
  spicy: string;
  prepUnits: string;
  populler: boolean;
  img: string;
  imgSrcset: string;
  options: GroupDraft[];
}

export function draftOf(product: Product | null, categories: string[], { digits }: Numbers): Draft {
  return {
    // The texts as the owner wrote them: `name` and `description` are the page's language's.
    name: product?.translations?.en.name ?? product?.name ?? '',
    nameBn: product?.translations?.bn.name ?? '',
    descriptionBn: product?.translations?.bn.description ?? '',
    itemsBn: product?.translations?.bn.items.join(', ') ?? '',
    category: product?.category ?? categories[0] ?? '',
    price: product ? digits(product.price) : '',
    // The English list as written: `items` is the page's language's.
    items: (product?.translations?.en.items ?? product?.items ?? []).join(', '),
    description: product?.translations?.en.description ?? product?.description ?? '',
    allergens: product?.allergens ?? [],
    diet: product?.diet ?? [],
    spicy: String(product?.spicy ?? 0),
    prepUnits: digits(product?.prepUnits ?? 1),
    populler: product?.populler ?? false,
    img: product?.img ?? '',
    imgSrcset: product?.imgSrcset ?? '',
    options: optionDrafts(product?.options, digits),
  };
}

export const DISH_FIELDS = ['name', 'nameBn', 'category', 'price', 'items', 'prepUnits', 'img'] as const;

export type Problems = Partial<Record<(typeof DISH_FIELDS)[number], string>>;

/** A price as people type it: 0 or more with at most two decimals ("12.49"), as the server takes it. */
export const PRICE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/** The server's 400 about one of the dish's own fields ("price may carry at most two decimals"): beside that field. */
export function serverFieldProblem(message: string): Problems | null {
  if (/^translations\.bn\.name\b/.test(message)) return { nameBn: message.replace(/^[\w.]+: /, '') };
  const field = DISH_FIELDS.find((name) => message.startsWith(`${name} `) || message.startsWith(`${name}:`));
  return field ? { [field]: message.replace(/^\w+: /, '') } : null;
}

/** A box ticked or unticked in a list (diet, allergens), which keeps the order of `order`. */
export const toggle = <T extends string>(list: T[], value: T, order: readonly T[]) =>
  list.includes(value) ? list.filter((v) => v !== value) : order.filter((v) => v === value || list.includes(v));

/** A list typed with commas ("Beef patty, Cheddar"), its items trimmed, empty ones dropped. */
const ingredientsOf = (typed: string) =>
  typed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function check(
  draft: Draft,
  { number, digits }: Numbers,
): { problems: Problems; optionProblems: OptionProblems; body?: CreateProductBody } {
  const problems: Problems = {};
  const { problems: optionProblems, options } = checkOptions(draft.options, digits);
  const name = draft.name.trim();
  if (!name) problems.name = t('menuAdmin.giveName', 'Give the dish a name.');
  else if (name.length > MAX_DISH_NAME_LENGTH)
    problems.name = t('menuAdmin.nameTooLong', 'The name must be at most {{n}} characters.', {
      n: number(MAX_DISH_NAME_LENGTH),
    });
  const nameBn = draft.nameBn.trim();
  if (nameBn.length > MAX_DISH_NAME_LENGTH)
    problems.nameBn = t('menuAdmin.nameBnTooLong', 'The name in Bangla must be at most {{n}} characters.', {
      n: number(MAX_DISH_NAME_LENGTH),
    });
  if (!draft.category) problems.category = t('menuAdmin.chooseCategory', 'Choose a category.');
  const typedPrice = latinDigitsOf(draft.price).trim();
  const price = Number(typedPrice);
  if (!PRICE_PATTERN.test(typedPrice) || price > 100_000)
    problems.price = t(
      'menuAdmin.priceFormat',
      'The price is an amount such as 12.49: 0 or more, at most two decimals.',
    );
  const items = ingredientsOf(draft.items);
  if (items.length === 0)
    problems.items = t('menuAdmin.listIngredient', 'List at least one ingredient, separated by commas.');
  const prepUnits = typedNumber(draft.prepUnits);
  if (!Number.isInteger(prepUnits) || prepUnits < PREP_UNITS.min || prepUnits > PREP_UNITS.max)
    problems.prepUnits = t('menuAdmin.prepUnitsRange', 'Prep units go from {{min}} to {{max}}.', {
      min: number(PREP_UNITS.min),
      max: number(PREP_UNITS.max),
    });
  if (!draft.img) problems.img = t('menuAdmin.uploadPicture', 'Upload a picture of the dish.');
  if (Object.keys(problems).length > 0 || !options) return { problems, optionProblems };
  return {
    problems,
    optionProblems,
    body: {
      name,
      category: draft.category,
      price,
      items,
      img: draft.img,
      prepUnits,
      description: draft.description.trim(),
      allergens: draft.allergens,
      diet: draft.diet,
      spicy: Number(draft.spicy),
      populler: draft.populler,
      options,
      translations: {
        bn: { name: nameBn, description: draft.descriptionBn.trim(), items: ingredientsOf(draft.itemsBn) },
      },
    },
  };
}
