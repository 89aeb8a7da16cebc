import { page } from './lazy-page.tsx';

/** Every page of the route table (router.tsx), each loading its code on first use. */
export const HomeRoute = page(
  () => import('./routes/home.tsx'),
  (m) => m.HomeRoute,
);
export const ProductsRoute = page(
  () => import('./routes/products.tsx'),
  (m) => m.ProductsRoute,
);
export const ProductDetailRoute = page(
  () => import('./routes/product-detail.tsx'),
  (m) => m.ProductDetailRoute,
);
export const AboutRoute = page(
  () => import('./routes/about.tsx'),
  (m) => m.AboutRoute,
);
export const BranchesRoute = page(
  () => import('./routes/branches.tsx'),
  (m) => m.BranchesRoute,
);
export const BranchRoute = page(
  () => import('./routes/branches.tsx'),
  (m) => m.BranchRoute,
);
export const SearchRoute = page(
  () => import('./routes/search.tsx'),
  (m) => m.SearchRoute,
);
export const SignInRoute = page(
  () => import('./routes/sign-in.tsx'),
  (m) => m.SignInRoute,
);
export const SignUpRoute = page(
  () => import('./routes/sign-up.tsx'),
  (m) => m.SignUpRoute,
);
export const TermsRoute = page(
  () => import('./routes/legal.tsx'),
  (m) => m.TermsRoute,
);
export const PrivacyRoute = page(
  () => import('./routes/legal.tsx'),
  (m) => m.PrivacyRoute,
);
export const GoogleStartRoute = page(
  () => import('./routes/google-popup.tsx'),
  (m) => m.GoogleStartRoute,
);
export const GoogleDoneRoute = page(
  () => import('./routes/google-popup.tsx'),
  (m) => m.GoogleDoneRoute,
);
export const DashboardLayoutRoute = page(
  () => import('./routes/dashboard/layout.tsx'),
  (m) => m.DashboardLayoutRoute,
);
export const DashboardOverviewRoute = page(
  () => import('./routes/dashboard/overview.tsx'),
  (m) => m.DashboardOverviewRoute,
);
export const BookingOrdersRoute = page(
  () => import('./routes/dashboard/booking-orders.tsx'),
  (m) => m.BookingOrdersRoute,
);
export const FavoriteOrdersRoute = page(
  () => import('./routes/dashboard/favorite-orders.tsx'),
  (m) => m.FavoriteOrdersRoute,
);
export const ReportsOrdersRoute = page(
  () => import('./routes/dashboard/reports-orders.tsx'),
  (m) => m.ReportsOrdersRoute,
);
export const UserOrdersRoute = page(
  () => import('./routes/dashboard/user-orders.tsx'),
  (m) => m.UserOrdersRoute,
);
export const AdminGuardRoute = page(
  () => import('./routes/dashboard/admin-guard.tsx'),
  (m) => m.AdminGuardRoute,
);
export const MyOrdersRoute = page(
  () => import('./routes/dashboard/my-orders.tsx'),
  (m) => m.MyOrdersRoute,
);
export const OrderAtTableRoute = page(
  () => import('./routes/order-at-table.tsx'),
  (m) => m.OrderAtTableRoute,
);
export const CheckoutRoute = page(
  () => import('./routes/checkout.tsx'),
  (m) => m.CheckoutRoute,
);
export const PaymentRoute = page(
  () => import('./routes/payment.tsx'),
  (m) => m.PaymentRoute,
);
export const BillRoute = page(
  () => import('./routes/bill.tsx'),
  (m) => m.BillRoute,
);
export const ReserveRoute = page(
  () => import('./routes/reserve.tsx'),
  (m) => m.ReserveRoute,
);
export const MyReservationsRoute = page(
  () => import('./routes/dashboard/my-reservations.tsx'),
  (m) => m.MyReservationsRoute,
);
export const HostBookRoute = page(
  () => import('./routes/dashboard/host-book.tsx'),
  (m) => m.HostBookRoute,
);
export const TablesRoute = page(
  () => import('./routes/dashboard/tables.tsx'),
  (m) => m.TablesRoute,
);
export const PrintersRoute = page(
  () => import('./routes/dashboard/printers.tsx'),
  (m) => m.PrintersRoute,
);
export const TableCodesRoute = page(
  () => import('./routes/dashboard/table-codes.tsx'),
  (m) => m.TableCodesRoute,
);
export const SettingsRoute = page(
  () => import('./routes/dashboard/settings.tsx'),
  (m) => m.SettingsRoute,
);
export const DayReportRoute = page(
  () => import('./routes/dashboard/day-report.tsx'),
  (m) => m.DayReportRoute,
);
export const VoidsAndDiscountsRoute = page(
  () => import('./routes/dashboard/voids-and-discounts.tsx'),
  (m) => m.VoidsAndDiscountsRoute,
);
export const KitchenRoute = page(
  () => import('./routes/kitchen.tsx'),
  (m) => m.KitchenRoute,
);
export const StaffOrderRoute = page(
  () => import('./routes/staff-order.tsx'),
  (m) => m.StaffOrderRoute,
);
export const FloorRoute = page(
  () => import('./routes/floor.tsx'),
  (m) => m.FloorRoute,
);
export const MenuRoute = page(
  () => import('./routes/dashboard/menu.tsx'),
  (m) => m.MenuRoute,
);
export const AllUsersRoute = page(
  () => import('./routes/dashboard/all-users.tsx'),
  (m) => m.AllUsersRoute,
);
export const UserFavoritesRoute = page(
  () => import('./routes/dashboard/user-favorites.tsx'),
  (m) => m.UserFavoritesRoute,
);
export const UserReportsRoute = page(
  () => import('./routes/dashboard/user-reports.tsx'),
  (m) => m.UserReportsRoute,
);
