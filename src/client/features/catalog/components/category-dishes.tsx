import { t } from '@shared/i18n/i18n.ts';
import { ALL_CATEGORY, HOME_PRODUCT_LIMIT } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowRightIcon } from '@client/components/ui/icons.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useCategories } from '../api/get-categories.ts';
import { useProducts } from '../api/get-products.ts';
import { CategoryTabs } from './category-tabs.tsx';
import { ProductGrid } from './product-grid.tsx';
import { PATHS } from '@shared/paths.ts';

const PANEL_ID = 'home-dishes-panel';

/**
 * The home page's dish section (docs/reference/storefront.md §2 "Home"): category tabs from the server after
 * the default All Category, at most HOME_PRODUCT_LIMIT dishes of the chosen one, See more.
 * The chosen tab is kept in the address (`/?category=…`, replacing the entry so Back leaves
 * the page rather than stepping through tabs), so a reload keeps it.
 */
export function CategoryDishes() {
  const [params, setParams] = useSearchParams();
  // The tab answers at once from state; the address follows (it only matters on a reload).
  const [category, setSelected] = useState(() => params.get('category')?.trim() || ALL_CATEGORY);
  const setCategory = (next: string) => {
    setSelected(next);
    const query = new URLSearchParams(params);
    if (next === ALL_CATEGORY) query.delete('category');
    else query.set('category', next);
    setParams(query, { replace: true, preventScrollReset: true });
  };
  const categories = useCategories();
  const products = useProducts(category);
  const names = [
    ALL_CATEGORY,
    ...(categories.data ?? []).map((c) => c.category).filter((name) => name !== ALL_CATEGORY),
  ];
  const shown = (products.data ?? []).slice(0, HOME_PRODUCT_LIMIT);
  const selectedIndex = Math.max(0, names.indexOf(category));

  return (
    <section aria-labelledby="dishes-title" className="bg-base-200/70">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="mb-8 text-center">
          <p className="font-semibold text-primary">
            {t('menu.traditionalFoodByWhereIt', 'Traditional food, by where it comes from')}
          </p>
          <h2 id="dishes-title" className="text-3xl font-bold sm:text-4xl">
            {t('menu.flavoursFromThePlacesWe', 'Flavours from the places we love')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-base-content/80">
            {t(
              'menu.americanGrillsMexicanStreetFood',
              'American grills, Mexican street food, Italian trattoria classics: pick a kitchen and see what it cooks today.',
            )}
          </p>
        </div>

        {categories.isError ? (
          <QueryError
            what="the categories"
            error={categories.error}
            onRetry={() => void categories.refetch()}
            retrying={categories.isFetching}
          />
        ) : (
          <CategoryTabs
            categories={names}
            selected={category}
            onSelect={setCategory}
            panelId={PANEL_ID}
            label={t('menu.dishCategories', 'Dish categories')}
          />
        )}

        <div id={PANEL_ID} role="tabpanel" aria-labelledby={`${PANEL_ID}-tab-${selectedIndex}`} className="mt-8">
          {products.isError ? (
            <QueryError
              what="the dishes"
              error={products.error}
              onRetry={() => void products.refetch()}
              retrying={products.isFetching}
            />
          ) : products.isPending ? (
            <Spinner label={t('menu.loadingDishes', 'Loading dishes')} />
          ) : shown.length === 0 ? (
            <p className="py-12 text-center">{t('menu.noDishesInThisCategory', 'No dishes in this category yet.')}</p>
          ) : (
            <ProductGrid products={shown} />
          )}
        </div>

        <div className="mt-10 text-center">
          <Link to={PATHS.products} className="btn btn-primary btn-wide">
            {TEXT.seeMore}
            <span className="sr-only"> {t('menu.dishesOnOurMenu', 'dishes on our menu')}</span>
            <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}
