import { t } from '@shared/i18n/i18n.ts';
import { allergenName } from '@shared/i18n/allergens.ts';
import type { Diet } from '@shared/constants.ts';
import type { Product } from '@shared/contract/catalog.ts';
import { Suspense, lazy } from 'react';
import { useHydrated } from '@client/lib/hydration.ts';
import { AllergenIcon, DietIcon, SpiceIcons } from './dish-icons.tsx';

/**
 * What a guest needs to choose a dish (docs/reference/operations.md "Menu management"): diet labels, the
 * spice level, allergens and whether it is sold out. Each is an icon with its words, never
 * colour alone, so it reads the same to a screen reader and in greyscale. The icons are SVG
 * (dish-icons.tsx), never emoji: those need an emoji font a kitchen's tablet may not have. A
 * diet's or the spice's icon carries the words for a screen reader; the words beside it are for
 * the eye (hidden from the reader, so it says them once).
 */

const DIET_LABELS: Record<Diet, { label: string }> = {
  vegetarian: {
    get label() {
      return t('diet.vegetarian', 'Vegetarian');
    },
  },
  vegan: {
    get label() {
      return t('diet.vegan', 'Vegan');
    },
  },
  halal: {
    get label() {
      return t('diet.halal', 'Halal');
    },
  },
  'gluten-free': {
    get label() {
      return t('diet.glutenfree', 'Gluten-free');
    },
  },
};

export function dietLabel(diet: Diet): string {
  return DIET_LABELS[diet].label;
}

const SPICE_WORDS = () => [
  t('spice.notSpicy', 'Not spicy'),
  t('spice.mild', 'Mild'),
  t('spice.mediumHot', 'Medium hot'),
  t('spice.hot', 'Hot'),
];

export function spiceWords(level: number): string {
  const words = SPICE_WORDS();
  return words[level] ?? words[0] ?? '';
}

/** The badge's "until …", on the restaurant's clock (its own chunk: see sold-out-until.tsx). */
const SoldOutUntil = lazy(() => import('./sold-out-until.tsx'));

export function SoldOutBadge({
  product,
  className = '',
}: {
  product: Pick<Product, 'available' | 'soldOutUntil'>;
  className?: string;
}) {
  // "until …" depends on today's date: written once the page runs here (a kept page may be from yesterday).
  const hydrated = useHydrated();
  if (product.available) return null;
  return (
    <span className={`badge badge-error gap-1 font-semibold ${className}`}>
      <span aria-hidden="true">⊘</span>
      {hydrated && product.soldOutUntil ? (
        <Suspense fallback="Sold out">
          <SoldOutUntil product={product} />
        </Suspense>
      ) : (
        'Sold out'
      )}
    </span>
  );
}

/** Diet labels and spice level as small badges (cards, search results). */
export function DishTags({ product, size = 'sm' }: { product: Pick<Product, 'diet' | 'spicy'>; size?: 'sm' | 'md' }) {
  if (product.diet.length === 0 && product.spicy === 0) return null;
  const badge = size === 'sm' ? 'badge badge-sm' : 'badge';
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('menu.dietAndSpice', 'Diet and spice')}>
      {product.diet.map((diet) => (
        <li key={diet} className={`${badge} gap-1 border-success/60 bg-success/10 text-base-content`}>
          <DietIcon diet={diet} label={DIET_LABELS[diet].label} />
          <span aria-hidden="true">{DIET_LABELS[diet].label}</span>
        </li>
      ))}
      {product.spicy > 0 && (
        <li className={`${badge} gap-0.5 border-warning/70 bg-warning/10 text-base-content`}>
          <SpiceIcons level={product.spicy} label={spiceWords(product.spicy)} />
          <span aria-hidden="true" className="ml-1">
            {spiceWords(product.spicy)}
          </span>
        </li>
      )}
    </ul>
  );
}

/** The dish page's full list: description, diets, spice and every allergen by name. */
export function DishFacts({ product }: { product: Product }) {
  return (
    <div className="flex flex-col gap-4">
      {product.description && <p className="text-lg leading-relaxed text-base-content/90">{product.description}</p>}
      <DishTags product={product} size="md" />
      <div>
        <h2 className="mb-2 font-semibold">{t('menu.allergens', 'Allergens')}</h2>
        {product.allergens.length === 0 ? (
          <p className="text-sm">{t('menu.noneOfThe14Major', 'None of the 14 major allergens.')}</p>
        ) : (
          <ul
            className="flex flex-wrap gap-2"
            aria-label={t('menu.dishAllergens', '{{name}} allergens', { name: product.name })}
          >
            {product.allergens.map((allergen) => (
              <li key={allergen} className="badge badge-outline gap-1">
                <AllergenIcon />
                {allergenName(allergen)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
