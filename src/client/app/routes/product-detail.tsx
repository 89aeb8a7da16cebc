import { MIN_QUANTITY } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorScreen } from '@client/components/errors/error-screen.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useProduct } from '@client/features/catalog/api/get-product.ts';
import { ProductDetail, ProductDetailSkeleton } from '@client/features/catalog/components/product-detail.tsx';
import { RelatedProducts } from '@client/features/catalog/components/related-products.tsx';
import { ApiError } from '@client/lib/api-client.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

/**
 * /products/:id . Keyed by the id, so opening another dish from the side list starts
 * afresh, with quantity 1 (SPEC.md §4 "Quantity").
 */
export function ProductDetailRoute() {
  const { id = '' } = useParams();
  return <ProductPage key={id} id={id} />;
}

function ProductPage({ id }: { id: string }) {
  const query = useProduct(id);
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const location = useLocation();
  const product = query.data;
  useDocumentTitle(product?.name ?? (query.isError ? 'Dish not found' : 'Dish'));

  if (query.isError && !product) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <ErrorScreen detail={query.error.serverMessage ?? 'No dish with this id'} />;
    }
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <QueryError what="this dish" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6">
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-4 text-sm">
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/products">Menu</Link>
          </li>
          <li>
            <span aria-current="page">{product?.name ?? 'Dish'}</span>
          </li>
        </ul>
      </nav>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-8">
          {product ? (
            <ProductDetail
              product={product}
              quantity={quantity}
              onQuantityChange={setQuantity}
              actions={
                // A guest is sent to sign in to order (SPEC.md §2). Ordering, with its
                // confirmation modal, replaces this for signed-in users in its own issue.
                <Link to="/signIn" state={{ from: location }} className="btn btn-primary btn-lg">
                  {TEXT.addToCart}
                </Link>
              }
            />
          ) : (
            <ProductDetailSkeleton />
          )}

          {/* Favorite/Unfavorite and the report form go here once sign-in exists. */}
          <section aria-labelledby="your-dish-title" className="rounded-box border border-dashed border-base-300 bg-base-200/60 p-5">
            <h2 id="your-dish-title" className="mb-2 text-lg font-bold">
              Favourites and reports
            </h2>
            <p className="mb-3 text-base-content/80">Keep this dish in your favourites, or tell us if something was wrong with it.</p>
            <Link to="/signIn" state={{ from: location }} className="link link-primary font-semibold">
              Sign in to favourite or report this dish
            </Link>
          </section>
        </div>

        {product ? <RelatedProducts category={product.category} currentId={product._id} /> : <RelatedProductsPlaceholder />}
      </div>
    </div>
  );
}

function RelatedProductsPlaceholder() {
  return <div className="skeleton h-64 w-full lg:h-[800px]" aria-hidden="true" />;
}
