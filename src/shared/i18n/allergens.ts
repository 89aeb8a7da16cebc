import type { Allergen } from '../constants.ts';
import type { Language } from './languages.ts';
import { currentLanguage, t } from './i18n.ts';

/**
 * An allergen's one name (issue 58, point 9): the dish page, the menu editor, the kitchen's
 * card and the printed ticket say the same words in each language ("Tree nuts" / "বাদাম"); the
 * paper prints them in capitals, which changes no word. A name not known is shown as it is.
 */
export function allergenName(allergen: string, language: Language = currentLanguage()): string {
  const names: Record<Allergen, () => string> = {
    gluten: () => t('allergen.gluten', 'Gluten', undefined, language),
    crustaceans: () => t('allergen.crustaceans', 'Crustaceans', undefined, language),
    eggs: () => t('allergen.eggs', 'Eggs', undefined, language),
    fish: () => t('allergen.fish', 'Fish', undefined, language),
    peanuts: () => t('allergen.peanuts', 'Peanuts', undefined, language),
    soy: () => t('allergen.soy', 'Soy', undefined, language),
    milk: () => t('allergen.milk', 'Milk', undefined, language),
    nuts: () => t('allergen.nuts', 'Tree nuts', undefined, language),
    celery: () => t('allergen.celery', 'Celery', undefined, language),
    mustard: () => t('allergen.mustard', 'Mustard', undefined, language),
    sesame: () => t('allergen.sesame', 'Sesame', undefined, language),
    sulphites: () => t('allergen.sulphites', 'Sulphites', undefined, language),
    lupin: () => t('allergen.lupin', 'Lupin', undefined, language),
    molluscs: () => t('allergen.molluscs', 'Molluscs', undefined, language),
  };
  return Object.hasOwn(names, allergen) ? names[allergen as Allergen]() : allergen;
}
