import { t } from '@shared/i18n/i18n.ts';
import { ALL_CATEGORY } from '@shared/constants.ts';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@client/components/ui/icons.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useCategories } from '@client/features/catalog/api/get-categories.ts';
import { useProducts } from '@client/features/catalog/api/get-products.ts';
import { MenuFilters, applyMenuFilter, useMenuFilter } from '@client/features/catalog/components/menu-filters.tsx';
import { ProductGrid } from '@client/features/catalog/components/product-grid.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { useNumbers } from '@client/data/restaurant.ts';

/** /products : every dish in a grid, with a way back home. */
export function ProductsRoute() {
  useDocumentTitle(t('head.products', 'Our menu'));
  const query = useProducts(ALL_CATEGORY);
  const { number } = useNumbers();
  const categories = useCategories();
  const [filter, setFilter] = useMenuFilter();
  const shown = query.data ? applyMenuFilter(query.data, filter) : [];
  const narrowed = filter.category !== ALL_CATEGORY || filter.diets.length > 0;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 sm:px-6">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/" className="btn btn-ghost btn-sm mb-3 -ml-3">
            <ArrowLeftIcon size={18} />
            {t('menu.backToHome', 'Back to home')}
          </Link>
          <h1 className="text-4xl font-bold">{t('menu.ourMenu', 'Our menu')}</h1>
          <p className="mt-2 text-base-content/80">
            {query.data
              ? narrowed
                ? t('menu.shownOfDishes', '{{shown}} of {{total}} dishes', {
                    shown: number(shown.length),
                    total: number(query.data.length),
                  })
                : t('menu.dishesCookedFresh', '{{number}} dishes, cooked fresh every day.', {
                    number: number(query.data.length),
                  })
              : t('menu.everyDishWeCook', 'Every dish we cook, fresh every day.')}
          </p>
        </div>
      </div>
      <MenuFilters
        categories={(categories.data ?? []).map((c) => c.category).filter((name) => name !== ALL_CATEGORY)}
        filter={filter}
        onChange={setFilter}
      />
      {query.isError ? (
        <QueryError
          what="the menu"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isPending ? (
        <Spinner label={t('menu.loadingTheMenu', 'Loading the menu')} />
      ) : query.data.length === 0 ? (
        <p className="py-12 text-center">{t('menu.theMenuIsEmptyFor', 'The menu is empty for now.')}</p>
      ) : shown.length === 0 ? (
        <div role="status" className="flex flex-col items-center gap-3 py-12 text-center">
          <p className="text-lg font-semibold">{t('menu.noDishFitsAllOf', 'No dish fits all of these choices.')}</p>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => setFilter({ category: ALL_CATEGORY, diets: [] })}
          >
            {t('menu.showEveryDish', 'Show every dish')}
          </button>
        </div>
      ) : (
        <ProductGrid products={shown} eagerCount={3} headingLevel="h2" />
      )}
    </div>
  );
}
