import { t } from '@shared/i18n/i18n.ts';
import { TEXT } from '@shared/texts.ts';
import { Link, NavLink } from 'react-router';
import { CartIcon, HeartIcon } from '@client/components/ui/icons.tsx';
import { useAuth } from '@client/data/account-session.tsx';
import { useOwnRecord } from '@client/data/account-record.ts';
import { Logo } from './logo.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { ChosenBranch } from '@client/features/branches/components/branch-choice.tsx';
import { PATHS } from '@shared/paths.ts';
import { SignedInControls, SearchForm, CountBadge, SmallScreenMenu } from './header-parts.tsx';

/**
 * The site header (docs/reference/storefront.md §2 "Layout"). Signed out: Login and SignUp, Dashboard leads to
 * /signIn and both badges show 0. Signed in: the user's photo and Log-out, Dashboard leads
 * to /dashboard and the badges count the user's favourites and orders.
 */
export function Header() {
  const { user } = useAuth();
  const record = useOwnRecord();
  const favouritesCount = user ? (record.data?.favorites.length ?? 0) : 0;
  // The lines still in the bag: neither paid nor sent to the kitchen (those are in My Orders).
  const ordersCount = user
    ? (record.data?.orders.filter((order) => order.payment === null && !order.ticket).length ?? 0)
    : 0;
  const dashboardPath = user ? PATHS.dashboard : PATHS.signIn;

  const links = [
    { to: '/', label: TEXT.navHome, end: true },
    // The spec's Menu has no target; a menu link that goes nowhere is a defect for guests.
    { to: PATHS.products, label: TEXT.navMenu, end: false },
    { to: PATHS.about, label: TEXT.navAbout, end: false },
    { to: dashboardPath, label: TEXT.navDashboard, end: false },
    { to: PATHS.reserve, label: t('header.bookTable', 'Book a table'), end: false },
  ];

  return (
    // Opaque, not a backdrop blur: blurring what scrolls under it costs a phone drawing time on every frame.
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2 sm:px-6">
        <div className="flex items-center gap-1">
          <SmallScreenMenu links={links} />
          <Logo />
        </div>

        <nav aria-label={t('header.main', 'Main')} className="ml-4 hidden lg:block">
          <ul className="menu menu-horizontal gap-1 px-0">
            {links.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) => (isActive ? 'menu-active font-semibold' : 'font-medium')}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="order-last flex w-full items-center gap-1 sm:gap-2 lg:order-none lg:ml-auto lg:w-auto">
          <SearchForm />
          <CountBadge
            to={dashboardPath}
            label={t('header.favourites', 'Favourites')}
            count={favouritesCount}
            icon={<HeartIcon />}
          />
          <CountBadge
            to={user ? PATHS.bookingOrders : PATHS.signIn}
            label={t('header.orders', 'Orders')}
            count={ordersCount}
            icon={<CartIcon />}
          />
        </div>

        {/* A guest's own orders and bookings one tap away on a phone, where the Dashboard's
            drawer hid them (issue 58, point 10); the spec's dropdown stays as it is. */}
        {user ? (
          <nav aria-label={t('header.yours', 'Yours')} className="order-last flex w-full gap-4 text-sm lg:hidden">
            <NavLink
              to={PATHS.myOrders}
              className={({ isActive }) => `link ${isActive ? 'font-semibold' : 'link-hover'}`}
            >
              {t('head.myOrders', 'My Orders')}
            </NavLink>
            <NavLink
              to={PATHS.myReservations}
              className={({ isActive }) => `link ${isActive ? 'font-semibold' : 'link-hover'}`}
            >
              {t('head.myReservations', 'My Reservations')}
            </NavLink>
          </nav>
        ) : null}

        <ChosenBranch />

        <div className="ml-auto flex items-center gap-2 lg:ml-2">
          <LanguageSwitch />
          {user ? (
            <SignedInControls name={user.displayName || user.email} photoURL={user.photoURL} />
          ) : (
            <>
              <Link to={PATHS.signIn} className="btn btn-ghost btn-sm">
                {TEXT.login}
              </Link>
              <Link to={PATHS.signUp} className="btn btn-primary btn-sm">
                {TEXT.signUp}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
