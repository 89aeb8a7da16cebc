import { t } from '@shared/i18n/i18n.ts';
import { ALL_CATEGORY, DIETS, type Diet } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import type { Product } from '@shared/contract/catalog.ts';
import { useSearchParams } from 'react-router';
import { dietLabel } from './dish-facts.tsx';

/**
 * The menu's narrowing (`/products?category=…&diet=…`): a category and any diet labels, kept
 * in the address so that reload, Back and a shared link keep them.
 */
export interface MenuFilter {
  category: string;
  diets: Diet[];
}

export function useMenuFilter(): [MenuFilter, (next: MenuFilter) => void] {
  const [params, setParams] = useSearchParams();
  const category = params.get('category')?.trim() || ALL_CATEGORY;
  const diets = DIETS.filter((diet) =>
    params
      .getAll('diet')
      .flatMap((value) => value.split(','))
      .includes(diet),
  );
  const update = (next: MenuFilter) => {
    const query = new URLSearchParams();
    if (next.category !== ALL_CATEGORY) query.set('category', next.category);
    for (const diet of next.diets) query.append('diet', diet);
    setParams(query, { replace: false, preventScrollReset: true });
  };
  return [{ category, diets }, update];
}

/** The dishes that pass: of the category (or all), fitting every chosen diet. */
export function applyMenuFilter(products: Product[], filter: MenuFilter): Product[] {
  return products.filter(
    (product) =>
      (filter.category === ALL_CATEGORY || product.category === filter.category) &&
      filter.diets.every((diet) => product.diet.includes(diet)),
  );
}

export function MenuFilters({
  categories,
  filter,
  onChange,
}: {
  categories: string[];
  filter: MenuFilter;
  onChange: (next: MenuFilter) => void;
}) {
  const toggleDiet = (diet: Diet) =>
    onChange({
      ...filter,
      diets: filter.diets.includes(diet)
        ? filter.diets.filter((d) => d !== diet)
        : DIETS.filter((d) => d === diet || filter.diets.includes(d)),
    });
  return (
    <div className="mb-8 flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('menu.category', 'Category')}</legend>
        <div className="flex flex-wrap gap-2">
          {[ALL_CATEGORY, ...categories].map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={filter.category === name}
              className={`btn btn-sm rounded-full ${filter.category === name ? 'btn-primary' : 'btn-outline'}`}
              onClick={() => onChange({ ...filter, category: name })}
            >
              {name === ALL_CATEGORY ? TEXT.allCategory : name}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('menu.diet', 'Diet')}</legend>
        <div className="flex flex-wrap gap-2">
          {DIETS.map((diet) => (
            <button
              key={diet}
              type="button"
              aria-pressed={filter.diets.includes(diet)}
              className={`btn btn-sm rounded-full ${filter.diets.includes(diet) ? 'btn-success' : 'btn-outline'}`}
              onClick={() => toggleDiet(diet)}
            >
              {filter.diets.includes(diet) && <span aria-hidden="true">✓</span>}
              {dietLabel(diet)}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
