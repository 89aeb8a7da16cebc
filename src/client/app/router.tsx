import { createBrowserRouter, data } from 'react-router';
import { RootLayout } from '@client/components/layout/root-layout.tsx';
import { RootRouteError, RouteError } from '@client/components/errors/route-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';

/**
 * The route table of SPEC.md §2. Pages load lazily, so the first visit downloads only
 * the layout and the page it opens. Errors in a page show the shared error screen inside
 * the layout; unmatched paths land on `*`, which answers 404 the same way.
 * Sign-in, sign-up and the dashboard (with its guards) join `pages` in their own issues.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RootRouteError />,
      children: [
        {
          id: 'pages',
          errorElement: <RouteError />,
          // Shown inside the layout while the first page's code arrives.
          hydrateFallbackElement: <Spinner className="min-h-[50vh]" />,
          children: [
            { index: true, lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomeRoute }) },
            { path: 'products', lazy: async () => ({ Component: (await import('./routes/products.tsx')).ProductsRoute }) },
            { path: 'products/:id', lazy: async () => ({ Component: (await import('./routes/product-detail.tsx')).ProductDetailRoute }) },
            { path: 'about', lazy: async () => ({ Component: (await import('./routes/about.tsx')).AboutRoute }) },
            { path: 'home/search-page-items', lazy: async () => ({ Component: (await import('./routes/search.tsx')).SearchRoute }) },
            { path: 'terms', lazy: async () => ({ Component: (await import('./routes/legal.tsx')).TermsRoute }) },
            { path: 'privacy', lazy: async () => ({ Component: (await import('./routes/legal.tsx')).PrivacyRoute }) },
            {
              path: '*',
              loader: () => {
                throw data(null, { status: 404, statusText: 'Not Found' });
              },
            },
          ],
        },
      ],
    },
  ]);
}
