import { t, withoutPseudo } from './i18n.ts';
import type { Language } from './languages.ts';

/**
 * The names of fields the messages say ("price must be a number", "option name is required"),
 * in the catalogs: a message's value that is one of them is written in the language too
 * ("দাম একটি সংখ্যা হতে হবে"), a value that is not (a dish's name) stays as it is.
 */
export const FIELD_NAMES: ((language: Language) => string)[] = [
  (l) => t('server.fieldName.name', 'name', undefined, l),
  (l) => t('server.fieldName.category', 'category', undefined, l),
  (l) => t('server.fieldName.price', 'price', undefined, l),
  (l) => t('server.fieldName.prepUnits', 'prepUnits', undefined, l),
  (l) => t('server.fieldName.min', 'min', undefined, l),
  (l) => t('server.fieldName.max', 'max', undefined, l),
  (l) => t('server.fieldName.optionName', 'option name', undefined, l),
  (l) => t('server.fieldName.groupName', 'group name', undefined, l),
  (l) => t('server.fieldName.optionNameBn', 'translations.bn.name (the option name in Bangla)', undefined, l),
  (l) => t('server.fieldName.groupNameBn', 'translations.bn.name (the group name in Bangla)', undefined, l),
  (l) => t('server.fieldName.description', 'description', undefined, l),
  (l) => t('server.fieldName.eachItem', 'each item', undefined, l),
  (l) => t('server.fieldName.eachItemBn', 'each item in Bangla', undefined, l),
  (l) => t('server.fieldName.spicy', 'spicy', undefined, l),
];

let byEnglish: Map<string, (language: Language) => string> | undefined;
/** A message's value that names a field ("price") in `language`; any other value as it is. */
export function valueIn(value: string, language: Language): string {
  byEnglish ??= new Map(FIELD_NAMES.map((name) => [withoutPseudo(() => name('en')), name]));
  return byEnglish.get(value)?.(language) ?? value;
}
