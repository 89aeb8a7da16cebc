import { PATHS } from '@shared/paths.ts';
import { type ReactNode, Suspense, startTransition, useLayoutEffect, useState } from 'react';
import {
  type Navigator,
  Outlet,
  type RouteObject,
  Router,
  type To,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  matchRoutes,
  useRoutes,
} from 'react-router';
import { RootLayout } from '@client/app/layout/root-layout.tsx';
import { NotFoundRoute, RootRouteError, RouteErrorBoundary } from '@client/components/errors/route-error.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import type { LazyPage } from './lazy-page.tsx';
import {
  HomeRoute,
  ProductsRoute,
  ProductDetailRoute,
  AboutRoute,
  BranchesRoute,
  BranchRoute,
  SearchRoute,
  SignInRoute,
  SignUpRoute,
  TermsRoute,
  PrivacyRoute,
  GoogleStartRoute,
  GoogleDoneRoute,
  DashboardLayoutRoute,
  DashboardOverviewRoute,
  BookingOrdersRoute,
  FavoriteOrdersRoute,
  ReportsOrdersRoute,
  UserOrdersRoute,
  AdminGuardRoute,
  MyOrdersRoute,
  OrderAtTableRoute,
  CheckoutRoute,
  PaymentRoute,
  BillRoute,
  ReserveRoute,
  MyReservationsRoute,
  HostBookRoute,
  TablesRoute,
  PrintersRoute,
  TableCodesRoute,
  SettingsRoute,
  DayReportRoute,
  VoidsAndDiscountsRoute,
  KitchenRoute,
  StaffOrderRoute,
  FloorRoute,
  MenuRoute,
  AllUsersRoute,
  UserFavoritesRoute,
  UserReportsRoute,
} from './route-pages.ts';

/*
 * React Router in its declarative mode (<Router> and useRoutes): the data-router mode, whose
 * loaders and actions this app does not use, weighed 17 KB more gzip in every first load.
 * What the data router did for lazy pages is kept: a navigation waits for the new page's code
 * and then changes the address and the screen together, so the address bar never shows a page
 * that is not there yet and the old page does not linger under the new address.
 */

/**
 * Where a layout shows its page: errors in the page show the shared error screen inside the
 * layout, and a spinner stands in while the first page's code arrives.
 */
function Pages() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<Spinner className="min-h-[50vh]" />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** A whole-screen route (the dashboard, the Google popup): an error there shows the plain full-page screen. */
function Screen({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary fallback={RootRouteError}>
      <Suspense fallback={<Spinner className="min-h-screen" />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** A route showing a lazy page, remembered so a navigation can load its code first. */
function pageRoute(path: string | undefined, Page: LazyPage, children?: RouteObject[]): RouteObject {
  const element = <Page />;
  const handle = { preload: Page.preload };
  if (path === undefined && !children) return { index: true, element, handle };
  return { path, element, handle, children };
}

/**
 * The route table of docs/reference/storefront.md §2. Pages load lazily, so the first visit downloads only the
 * layout and the public pages (one file, vite.config.ts), and a staff or account page's code
 * comes on first use. Errors in a page show the shared error screen inside the
 * layout; unmatched paths land on `*`, the same 404 screen. The dashboard has its own layout
 * (drawer) behind the sign-in guard (docs/reference/storefront.md §2, §4 "Guards").
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <Pages />,
        children: [
          pageRoute(undefined, HomeRoute),
          pageRoute(PATHS.products, ProductsRoute),
          pageRoute(PATHS.product, ProductDetailRoute),
          pageRoute(PATHS.about, AboutRoute),
          pageRoute(PATHS.branches, BranchesRoute),
          pageRoute(PATHS.branch, BranchRoute),
          pageRoute(PATHS.search, SearchRoute),
          pageRoute(PATHS.signIn, SignInRoute),
          pageRoute(PATHS.signUp, SignUpRoute),
          pageRoute(PATHS.terms, TermsRoute),
          pageRoute(PATHS.privacy, PrivacyRoute),
          pageRoute(PATHS.reserve, ReserveRoute),
          pageRoute(PATHS.checkout, CheckoutRoute),
          pageRoute(PATHS.payment, PaymentRoute),
          pageRoute(PATHS.bill, BillRoute),
          pageRoute(PATHS.orderAtTable, OrderAtTableRoute),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
  // The Google sign-in popup: bare pages outside the layout (docs/reference/storefront.md §2 "Sign in").
  {
    path: PATHS.googleStart,
    element: (
      <Screen>
        <GoogleStartRoute />
      </Screen>
    ),
    handle: { preload: GoogleStartRoute.preload },
  },
  {
    path: PATHS.googleDone,
    element: (
      <Screen>
        <GoogleDoneRoute />
      </Screen>
    ),
    handle: { preload: GoogleDoneRoute.preload },
  },
  // The kitchen's tablet: the whole screen for the board.
  {
    path: PATHS.kitchen,
    element: (
      <Screen>
        <KitchenRoute />
      </Screen>
    ),
    handle: { preload: KitchenRoute.preload },
  },
  // Staff's "New order" (phone, counter, table): the whole screen of the till's tablet.
  {
    path: PATHS.staffOrder,
    element: (
      <Screen>
        <StaffOrderRoute />
      </Screen>
    ),
    handle: { preload: StaffOrderRoute.preload },
  },
  // Staff's "Floor": the tables and their bills, a whole screen for the floor's tablet.
  {
    path: PATHS.floor,
    element: (
      <Screen>
        <FloorRoute />
      </Screen>
    ),
    handle: { preload: FloorRoute.preload },
  },
  {
    // Every dashboard page sits inside the sign-in guard; the admin pages inside the admin guard too.
    path: PATHS.dashboard,
    element: (
      <Screen>
        <DashboardLayoutRoute />
      </Screen>
    ),
    handle: { preload: DashboardLayoutRoute.preload },
    children: [
      {
        element: <Pages />,
        children: [
          pageRoute(undefined, DashboardOverviewRoute),
          pageRoute(PATHS.bookingOrders, BookingOrdersRoute),
          pageRoute(PATHS.favoriteOrders, FavoriteOrdersRoute),
          pageRoute(PATHS.reportsOrders, ReportsOrdersRoute),
          // Open to any signed-in user, as the spec's route table says; the server lets only the owner or an admin read.
          pageRoute(PATHS.userOrders, UserOrdersRoute),
          pageRoute(PATHS.menu, MenuRoute),
          pageRoute(PATHS.myReservations, MyReservationsRoute),
          pageRoute(PATHS.myOrders, MyOrdersRoute),
          pageRoute(PATHS.hostBook, HostBookRoute),
          {
            element: <AdminGuardRoute />,
            handle: { preload: AdminGuardRoute.preload },
            children: [
              pageRoute(PATHS.allUsers, AllUsersRoute),
              pageRoute(PATHS.tables, TablesRoute),
              pageRoute(PATHS.tableCodes, TableCodesRoute),
              pageRoute(PATHS.printers, PrintersRoute),
              pageRoute(PATHS.settings, SettingsRoute),
              pageRoute(PATHS.dayReport, DayReportRoute),
              pageRoute(PATHS.voidsAndDiscounts, VoidsAndDiscountsRoute),
              pageRoute(PATHS.userFavorites, UserFavoritesRoute),
              pageRoute(PATHS.userReports, UserReportsRoute),
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/** Starts loading the code of every page `to` shows; undefined when all of it is here. */
export function preloadPages(to: To): Promise<unknown> | undefined {
  const pending = (matchRoutes(routes, to) ?? [])
    .map((match) => (match.route.handle as { preload?: () => Promise<void> | undefined } | undefined)?.preload?.())
    .filter((loading) => loading !== undefined);
  return pending.length > 0 ? Promise.allSettled(pending) : undefined;
}

export function AppRoutes() {
  return <RouteErrorBoundary fallback={RootRouteError}>{useRoutes(routes)}</RouteErrorBoundary>;
}

/**
 * The browser's history for <Router>, as BrowserRouter makes it, except that push and replace
 * first load the target page's code, then change the address, and the screen follows at once
 * (as under the data router: the old page never lingers under the new address while code
 * downloads, and the new page never waits under the old one for longer than that). Only the
 * latest navigation goes through; one superseded while its code was loading is dropped.
 * Back and Forward are the browser's own and change at once.
 */
function createPageHistory() {
  const history = createBrowserHistory({ v5Compat: true });
  let latest = 0;
  const afterCode = (to: To, change: () => void) => {
    const ticket = ++latest;
    // The screen follows the address as a transition, as under the data router.
    const loading = preloadPages(to);
    if (!loading) return startTransition(change);
    void loading.then(() => {
      if (ticket === latest) startTransition(change);
    });
  };
  const navigator: Navigator = {
    createHref: history.createHref,
    encodeLocation: history.encodeLocation,
    go: (delta) => {
      latest += 1;
      history.go(delta);
    },
    push: (to, state) => afterCode(to, () => history.push(to, state)),
    replace: (to, state) => afterCode(to, () => history.replace(to, state)),
  };
  return { history, navigator };
}

export function PageRouter({ children }: { children: ReactNode }) {
  const [{ history, navigator }] = useState(createPageHistory);
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => history.listen(setState), [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
