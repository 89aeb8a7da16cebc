import { z } from 'zod';
import { MAX_CATEGORY_NAME_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_DISH_NAME_LENGTH } from '../constants.ts';
import type { Language } from '../i18n/languages.ts';
import { textField } from './common.ts';
import { said } from '../i18n/said.ts';

/**
 * The owner's texts of the menu in both languages (docs/reference/service.md "Bangla and English", decision
 * 047). Every answer's `name`, `description` and `category` carry the text of the request's
 * language; `translations` carries what the owner wrote in each, '' where nothing, for the menu
 * editor. A write's `name` and `description` are the English texts; `translations.bn` the Bangla.
 */

/** The text to show in `language`: its own, else the other language's (the owner wrote only one). */
export function textIn(texts: Record<Language, string>, language: Language): string {
  return texts[language] || texts[language === 'en' ? 'bn' : 'en'];
}

const nameOnly = z.object({ name: z.string() });
/** A category's, option group's or value's names as written, by language. */
export const nameTranslations = z.object({ en: nameOnly, bn: nameOnly });
export type NameTranslations = z.infer<typeof nameTranslations>;

const dishTexts = z.object({ name: z.string(), description: z.string(), items: z.array(z.string()) });
/** A dish's name, description and ingredients as written, by language. */
export const dishTranslations = z.object({ en: dishTexts, bn: dishTexts });
export type DishTranslations = z.infer<typeof dishTranslations>;

/** `translations: { bn: { name } }` in a write, with `name`'s length; '' clears the Bangla name. */
export function nameTranslationsInput(field: string, max: number) {
  return z
    .object(
      {
        bn: z
          .object(
            { name: textField(`translations.bn.name (${field} in Bangla)`, max, { required: false }).optional() },
            { error: said('translationsBnObject') },
          )
          .optional(),
      },
      { error: said('translationsObject', { v0: '{ bn: { name } }' }) },
    )
    .optional();
}

/** A dish's `translations: { bn: { name, description, items } }` in a write, with the English fields' lengths. */
export const dishTranslationsInput = z
  .object(
    {
      bn: z
        .object(
          {
            name: textField('translations.bn.name (the name in Bangla)', MAX_DISH_NAME_LENGTH, {
              required: false,
            }).optional(),
            description: textField('translations.bn.description (the description in Bangla)', MAX_DESCRIPTION_LENGTH, {
              required: false,
              multiline: true,
            }).optional(),
            // The ingredients in Bangla, as `items` (at most 30 of 80 characters); [] clears them.
            items: z
              .array(textField('each item in Bangla', 80), {
                error: said('itemsBnListIngredients'),
              })
              .max(30, said('itemsBnMayListMost30'))
              .optional(),
          },
          { error: said('translationsBnObject') },
        )
        .optional(),
    },
    { error: said('translationsObject', { v0: '{ bn: { name, description, items } }' }) },
  )
  .optional();
export type DishTranslationsInput = z.output<typeof dishTranslationsInput>;

export const categoryTranslationsInput = nameTranslationsInput('the category', MAX_CATEGORY_NAME_LENGTH);
