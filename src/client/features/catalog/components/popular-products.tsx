import { t } from '@shared/i18n/i18n.ts';
import { TEXT } from '@shared/texts.ts';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { usePopularProducts } from '../api/get-popular-products.ts';
import { ProductGrid } from './product-grid.tsx';

/** Most Popular Items: the populler dishes in two columns (docs/reference/storefront.md §2 "About page"). */
export function PopularProducts() {
  const query = usePopularProducts();
  return (
    <section aria-labelledby="popular-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="mb-10 text-center">
        <p className="font-semibold text-primary">{t('menu.guestsFavourites', "Guests' favourites")}</p>
        <h2 id="popular-title" className="text-3xl font-bold sm:text-4xl">
          {TEXT.mostPopularItems}
        </h2>
      </div>
      {query.isError ? (
        <QueryError
          what="the popular dishes"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isPending ? (
        <Spinner label={t('menu.loadingPopularDishes', 'Loading popular dishes')} />
      ) : query.data.length === 0 ? (
        <p className="py-12 text-center">{t('menu.noPopularDishesYet', 'No popular dishes yet.')}</p>
      ) : (
        <ProductGrid products={query.data} columns={2} layout="horizontal" />
      )}
    </section>
  );
}
