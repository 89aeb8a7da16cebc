import { createBrowserRouter, data } from 'react-router';
import { RootLayout } from '@client/app/layout/root-layout.tsx';
import { RootRouteError, RouteError } from '@client/components/errors/route-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';

/**
 * The route table of SPEC.md §2. Pages load lazily, so the first visit downloads only
 * the layout and the page it opens. Errors in a page show the shared error screen inside
 * the layout; unmatched paths land on `*`, which answers 404 the same way.
 * The dashboard has its own layout (drawer) behind the sign-in guard (SPEC.md §2, §4 "Guards").
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
            { path: 'signIn', lazy: async () => ({ Component: (await import('./routes/sign-in.tsx')).SignInRoute }) },
            { path: 'signUp', lazy: async () => ({ Component: (await import('./routes/sign-up.tsx')).SignUpRoute }) },
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
    // The Google sign-in popup: bare pages outside the layout (SPEC.md §2 "Sign in").
    { path: 'auth/google', lazy: async () => ({ Component: (await import('./routes/google-popup.tsx')).GoogleStartRoute }) },
    { path: 'auth/google/done', lazy: async () => ({ Component: (await import('./routes/google-popup.tsx')).GoogleDoneRoute }) },
    {
      // Every dashboard page sits inside the sign-in guard; the admin pages inside the admin guard too.
      path: 'dashboard',
      errorElement: <RootRouteError />,
      lazy: async () => ({ Component: (await import('./routes/dashboard/layout.tsx')).DashboardLayoutRoute }),
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: async () => ({ Component: (await import('./routes/dashboard/overview.tsx')).DashboardOverviewRoute }) },
            { path: 'booking-orders', lazy: async () => ({ Component: (await import('./routes/dashboard/booking-orders.tsx')).BookingOrdersRoute }) },
            { path: 'favorite-orders', lazy: async () => ({ Component: (await import('./routes/dashboard/favorite-orders.tsx')).FavoriteOrdersRoute }) },
            { path: 'reports-orders', lazy: async () => ({ Component: (await import('./routes/dashboard/reports-orders.tsx')).ReportsOrdersRoute }) },
            // Open to any signed-in user, as the spec's route table says; the server lets only the owner or an admin read.
            { path: 'AllOrders/:id', lazy: async () => ({ Component: (await import('./routes/dashboard/user-orders.tsx')).UserOrdersRoute }) },
            {
              lazy: async () => ({ Component: (await import('./routes/dashboard/admin-guard.tsx')).AdminGuardRoute }),
              children: [
                { path: 'allUsers', lazy: async () => ({ Component: (await import('./routes/dashboard/all-users.tsx')).AllUsersRoute }) },
                { path: 'allFavorites/:id', lazy: async () => ({ Component: (await import('./routes/dashboard/user-favorites.tsx')).UserFavoritesRoute }) },
                { path: 'allReports/:id', lazy: async () => ({ Component: (await import('./routes/dashboard/user-reports.tsx')).UserReportsRoute }) },
              ],
            },
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
