import { t } from '@shared/i18n/i18n.ts';
import { TEXT } from '@shared/texts.ts';
import { Link, useLocation } from 'react-router';
import { ArrowLeftIcon } from '@client/components/ui/icons.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useSearchProducts } from '@client/features/catalog/api/search-products.ts';
import { ProductGrid } from '@client/features/catalog/components/product-grid.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { searchTextOf } from '../layout/search-text.ts';

/** The text the header search put in navigation state (docs/reference/storefront.md §2 route table), or the address's `q`. */
function useSearchText(): string {
  return searchTextOf(useLocation());
}

/** /home/search-page-items : search results in three columns, or the not-found message. */
export function SearchRoute() {
  const searchText = useSearchText();
  useDocumentTitle(
    searchText ? t('head.searchFor', 'Search: {{text}}', { text: searchText }) : t('head.search', 'Search'),
  );
  const query = useSearchProducts(searchText);
  const loading = searchText !== '' && query.isPending;
  const results = query.data ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 sm:px-6">
      <h1 className="mb-8 text-3xl font-bold sm:text-4xl">
        {searchText ? (
          <>
            {t('search.resultsFor', 'Results for')} <q className="text-primary">{searchText}</q>
          </>
        ) : (
          t('search.searchOurMenu', 'Search our menu')
        )}
      </h1>

      {query.isError ? (
        <QueryError
          what={t('search.theResults', 'the search results')}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : loading ? (
        <Spinner label={t('menu.searching', 'Searching')} />
      ) : results.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          <p className="text-xl font-semibold" role="status">
            {TEXT.searchNotFound}
          </p>
          <p className="text-base-content/80">
            {searchText
              ? t('search.tryAnother', 'Try another dish, an ingredient or a category.')
              : t('search.typeADish', 'Type a dish, an ingredient or a category in the search box above.')}
          </p>
        </div>
      ) : (
        <ProductGrid products={results} columns={3} eagerCount={3} headingLevel="h2" />
      )}

      <div className="mt-10 text-center">
        <Link to="/" className="btn btn-outline btn-primary">
          <ArrowLeftIcon size={18} />
          {TEXT.backMore}
        </Link>
      </div>
    </div>
  );
}
