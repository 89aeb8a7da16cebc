/**
 * Every page of the client, named once (docs/reference/storefront.md §2 route table, plus the pages we added).
 * The router, the links and the server (its preload hints per page) all read them from here.
 */
export const PATHS = {
  home: '/',
  products: '/products',
  product: '/products/:id',
  about: '/about',
  branches: '/branches',
  branch: '/branches/:slug',
  search: '/home/search-page-items',
  signIn: '/signIn',
  signUp: '/signUp',
  terms: '/terms',
  privacy: '/privacy',
  googleStart: '/auth/google',
  googleDone: '/auth/google/done',
  dashboard: '/dashboard',
  bookingOrders: '/dashboard/booking-orders',
  favoriteOrders: '/dashboard/favorite-orders',
  reportsOrders: '/dashboard/reports-orders',
  userOrders: '/dashboard/AllOrders/:id',
  allUsers: '/dashboard/allUsers',
  menu: '/dashboard/menu',
  settings: '/dashboard/settings',
  dayReport: '/dashboard/day-report',
  voidsAndDiscounts: '/dashboard/voids-and-discounts',
  kitchen: '/kitchen',
  staffOrder: '/staff/order',
  floor: '/staff/tables',
  reserve: '/reservations/new',
  checkout: '/checkout',
  payment: '/payments/:id',
  bill: '/bills/:id',
  orderAtTable: '/order',
  myOrders: '/dashboard/orders',
  myReservations: '/dashboard/reservations',
  hostBook: '/dashboard/book',
  tables: '/dashboard/tables',
  printers: '/dashboard/printers',
  tableCodes: '/dashboard/tables/qr-codes',
  userFavorites: '/dashboard/allFavorites/:id',
  userReports: '/dashboard/allReports/:id',
} as const;

export type PagePattern = (typeof PATHS)[keyof typeof PATHS];

/**
 * The pages anyone may see, which the server renders with their data (the others render in the
 * browser). Sign-in and sign-up too: their forms are there to type in before the code has loaded
 * (docs/decisions/021).
 */
export const PUBLIC_PAGES = [
  PATHS.home,
  PATHS.products,
  PATHS.product,
  PATHS.about,
  PATHS.branches,
  PATHS.branch,
  PATHS.reserve,
  PATHS.search,
  PATHS.signIn,
  PATHS.signUp,
] as const;

/** A concrete path: `pathTo(PATHS.product, { id: '3' })` → "/products/3" (values are encoded). */
export function pathTo(pattern: PagePattern, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The parameters of `path` when it is a page of `pattern`, else null ("/products/3" → { id: "3" }). */
export function matchPage(pattern: PagePattern, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = (path.length > 1 ? path.replace(/\/$/, '') : path).split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i += 1) {
    const expected = patternParts[i] as string;
    const actual = pathParts[i] as string;
    if (expected.startsWith(':')) {
      if (actual === '') return null;
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (expected !== actual) return null;
  }
  return params;
}
