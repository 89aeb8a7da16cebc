import { t } from '@shared/i18n/i18n.ts';
import { MIN_QUANTITY } from '@shared/constants.ts';
import { useEffect, useId, useState } from 'react';
import { availableChoice, defaultChoice } from '@shared/domain/option-choice.ts';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '@client/components/errors/error-screen.tsx';
import { BelowFold } from '@client/components/ui/below-fold.tsx';
import { HydrateLater } from '@client/components/ui/hydrate-later.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useProduct } from '@client/features/catalog/api/get-product.ts';
import { OrderingPausedNotice } from '@client/components/ui/ordering-paused.tsx';
import { ProductDetail, ProductDetailSkeleton } from '@client/features/catalog/components/product-detail.tsx';
import { RelatedProducts } from '@client/features/catalog/components/related-products.tsx';
import { DishActions, type MissingChoice } from '@client/features/orders/components/dish-actions.tsx';
import { OptionPicker, focusOptionGroup } from '@client/features/catalog/components/OptionPicker.tsx';
import { ReportForm } from '@client/features/dish-reports/components/report-form.tsx';
import { ApiError } from '@client/lib/api-client.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PATHS } from '@shared/paths.ts';

/**
 * /products/:id . Keyed by the id, so opening another dish from the side list starts
 * afresh, with quantity 1 (docs/reference/storefront.md §4 "Quantity").
 */
export function ProductDetailRoute() {
  const { id = '' } = useParams();
  return <ProductPage key={id} id={id} />;
}

function ProductPage({ id }: { id: string }) {
  const query = useProduct(id);
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const product = query.data;
  const optionIds = useId();
  // The guest's choice of options (null: the defaults); a value sold out since is dropped.
  const [picked, setPicked] = useState<number[] | null>(null);
  const [missing, setMissing] = useState<MissingChoice | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const groups = product?.options ?? [];
  const choice = availableChoice(groups, picked ?? defaultChoice(groups));
  useEffect(() => {
    if (missing && focusRequest > 0) focusOptionGroup(optionIds, missing.groupId);
  }, [missing, focusRequest, optionIds]);
  useDocumentTitle(
    product?.name ?? (query.isError ? t('head.dishNotFound', 'Dish not found') : t('head.dish', 'Dish')),
  );

  if (query.isError && !product) {
    // An unknown id (404) and one that cannot be an id at all (400, "/products/abc") are both "no such dish".
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <ErrorScreen
          detail={
            query.error.status === 404 ? (query.error.serverMessage ?? 'No dish with this id') : 'No dish with this id'
          }
        />
      );
    }
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <QueryError
          what="this dish"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6">
      <nav aria-label={t('dish.breadcrumb', 'Breadcrumb')} className="breadcrumbs mb-4 text-sm">
        <ul>
          <li>
            <Link to="/">{t('dish.home', 'Home')}</Link>
          </li>
          <li>
            <Link to={PATHS.products}>{t('dish.menu', 'Menu')}</Link>
          </li>
          <li>
            <span aria-current="page">{product?.name ?? 'Dish'}</span>
          </li>
        </ul>
      </nav>
      <OrderingPausedNotice className="mb-6" />

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-8">
          {product ? (
            <ProductDetail
              product={product}
              quantity={quantity}
              onQuantityChange={setQuantity}
              choice={choice}
              picker={
                <OptionPicker
                  groups={groups}
                  selected={choice}
                  idPrefix={optionIds}
                  missing={missing}
                  onChange={(next) => {
                    setPicked(next);
                    setMissing(null);
                  }}
                />
              }
              // Favorite/Unfavorite and Add to Cart, or links to sign in for guests (issue 4).
              actions={
                <DishActions
                  product={product}
                  quantity={quantity}
                  choice={choice}
                  onMissingChoice={(next) => {
                    setMissing(next);
                    setFocusRequest((n) => n + 1);
                  }}
                />
              }
            />
          ) : (
            <ProductDetailSkeleton />
          )}

          {/* Under the dish: on a page the server rendered, it hydrates after the first screen. */}
          {product ? (
            <HydrateLater>
              <ReportForm product={product} />
            </HydrateLater>
          ) : null}
        </div>

        {/* Beside the dish on a wide screen, below it on a phone. */}
        <BelowFold className="min-w-0">
          {product ? (
            <RelatedProducts category={product.category} currentId={product._id} />
          ) : (
            <RelatedProductsPlaceholder />
          )}
        </BelowFold>
      </div>
    </div>
  );
}

function RelatedProductsPlaceholder() {
  return <div className="skeleton h-64 w-full lg:h-[800px]" aria-hidden="true" />;
}
