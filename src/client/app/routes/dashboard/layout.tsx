import { TEXT } from '@shared/texts.ts';
import { FLOOR_TEXT, STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { RequireAuth } from '@client/features/accounts/components/guards.tsx';
import { UserAvatar } from '@client/features/accounts/components/user-avatar.tsx';
import { useIsAdmin } from '@client/data/account-role.ts';
import { useAuth } from '@client/data/account-session.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { Logo } from '../../layout/logo.tsx';
import { PATHS } from '@shared/paths.ts';
import { t } from '@shared/i18n/i18n.ts';
import { BranchSwitch } from '@client/components/ui/branch-switch.tsx';

/**
 * The dashboard (docs/reference/storefront.md §2 "Dashboard layout"): a top bar and a side drawer with the
 * user's photo, name and e-mail; Dashboard for everyone, All Users for administrators,
 * the three own lists for everyone else, and a way back home. Behind the sign-in guard.
 */
export function DashboardLayoutRoute() {
  return (
    <RequireAuth>
      <DashboardShell />
    </RequireAuth>
  );
}

function DashboardShell() {
  useDocumentTitle(t('head.dashboard', 'Dashboard'));
  const { user } = useAuth();
  const { isAdmin, isStaff, isPending } = useIsAdmin();
  // The phone's drawer: daisyUI opens it with a checkbox, which stays out of the Tab order
  // (invisible, it would be the first stop); the menu button is the keyboard's way in.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const location = useLocation();
  // A page chosen from the drawer closes it (state adjusted while rendering, not in an effect).
  const [drawerPage, setDrawerPage] = useState(location.key);
  if (drawerPage !== location.key) {
    setDrawerPage(location.key);
    setDrawerOpen(false);
  }
  useEffect(() => {
    if (!drawerOpen) return;
    // Focus moves into the opened drawer; it turns visible a moment after it opens (its
    // transition), and a hidden link cannot take focus, so it is tried each frame until then.
    let frame = 0;
    let tries = 0;
    const focusFirstLink = () => {
      const link = drawer.current?.querySelector<HTMLElement>('nav a');
      link?.focus();
      if (link && document.activeElement !== link && (tries += 1) < 60) frame = requestAnimationFrame(focusFirstLink);
    };
    frame = requestAnimationFrame(focusFirstLink);
    return () => cancelAnimationFrame(frame);
  }, [drawerOpen]);
  function closeDrawer() {
    setDrawerOpen(false);
    menuButton.current?.focus();
  }

  const links = [
    { to: PATHS.dashboard, label: t('head.dashboard', 'Dashboard'), end: true },
    ...(isPending
      ? []
      : isAdmin
        ? [
            { to: PATHS.allUsers, label: t('dashboard.nav.allUsers', 'All Users'), end: false },
            { to: PATHS.staffOrder, label: STAFF_ORDER_TEXT.newOrder, end: false },
            { to: PATHS.floor, label: FLOOR_TEXT.title, end: false },
            { to: PATHS.kitchen, label: t('dashboard.nav.kitchen', 'Kitchen'), end: false },
            { to: PATHS.menu, label: t('head.menuAdmin', 'Menu'), end: false },
            { to: PATHS.hostBook, label: t('dashboard.nav.reservations', 'Reservations'), end: false },
            { to: PATHS.tables, label: t('head.tables', 'Tables'), end: false },
            { to: PATHS.printers, label: t('dashboard.nav.printers', 'Printers'), end: false },
            { to: PATHS.settings, label: t('head.settings', 'Settings'), end: false },
            { to: PATHS.dayReport, label: TEXT.dayReport, end: false },
            { to: PATHS.voidsAndDiscounts, label: TEXT.voidsAndDiscounts, end: false },
          ]
        : [
            { to: PATHS.bookingOrders, label: t('head.bookingOrders', 'Booking Orders'), end: false },
            { to: PATHS.favoriteOrders, label: t('head.favoriteOrders', 'Favorite Orders'), end: false },
            { to: PATHS.reportsOrders, label: t('head.reportsOrders', 'Reports Orders'), end: false },
            { to: PATHS.myOrders, label: t('head.myOrders', 'My Orders'), end: false },
            { to: PATHS.myReservations, label: t('head.myReservations', 'My Reservations'), end: false },
            // Staff order like any guest, and also switch dishes on and off.
            ...(isStaff
              ? [
                  { to: PATHS.staffOrder, label: STAFF_ORDER_TEXT.newOrder, end: false },
                  { to: PATHS.floor, label: FLOOR_TEXT.title, end: false },
                  { to: PATHS.kitchen, label: t('dashboard.nav.kitchen', 'Kitchen'), end: false },
                  { to: PATHS.hostBook, label: t('dashboard.nav.reservations', 'Reservations'), end: false },
                  { to: PATHS.menu, label: t('dashboard.nav.menuAvailability', 'Menu availability'), end: false },
                ]
              : []),
          ]),
  ];

  return (
    // From lg the side bar's column is dark to the page's bottom (the side bar itself is one window high, sticky): issue 48, point 9.
    <div className="drawer lg:drawer-open min-h-screen bg-base-200 lg:bg-[linear-gradient(to_right,var(--color-neutral)_18rem,var(--color-base-200)_18rem)] print:block print:bg-white">
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        tabIndex={-1}
        aria-hidden="true"
        checked={drawerOpen}
        onChange={(event) => setDrawerOpen(event.target.checked)}
      />
      <div className="drawer-content flex min-w-0 flex-col">
        <header className="navbar sticky top-0 z-20 print:hidden gap-2 border-b border-base-300 bg-base-100 px-3 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            className="btn btn-square btn-ghost lg:hidden"
            aria-expanded={drawerOpen}
            aria-controls="dashboard-side"
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <span className="sr-only">{t('dashboard.openMenu', 'Open the dashboard menu')}</span>
            <svg
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <Logo />
          <BranchSwitch className="ml-auto text-sm" />
          <span className="ml-auto hidden truncate text-sm opacity-75 sm:inline">{user?.email}</span>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-3 focus:outline-none sm:p-6">
          <Outlet />
        </main>
      </div>
      <div className="drawer-side z-30 print:hidden">
        {/* The dimmed page behind the open drawer closes it on a tap; the keyboard closes it with Escape. */}
        <label htmlFor="dashboard-drawer" className="drawer-overlay" aria-hidden="true" />
        <aside
          id="dashboard-side"
          ref={drawer}
          className="flex min-h-full w-72 flex-col gap-4 bg-neutral p-5 text-neutral-content"
          aria-label={t('head.dashboard', 'Dashboard')}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && drawerOpen) closeDrawer();
          }}
        >
          <div className="flex flex-col items-center gap-2 border-b border-neutral-content/20 pb-4 text-center">
            <UserAvatar
              photoURL={user?.photoURL}
              name={user?.displayName || user?.email || t('dashboard.you', 'You')}
              size={80}
            />
            <p className="text-lg font-semibold">{user?.displayName}</p>
            <p className="break-all text-sm opacity-80">{user?.email}</p>
          </div>
          <nav aria-label={t('dashboard.pages', 'Dashboard pages')}>
            <ul className="menu w-full gap-1 p-0">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) => (isActive ? 'menu-active font-semibold' : '')}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li className="mt-4 border-t border-neutral-content/20 pt-4">
                <Link to="/">← {TEXT.navHome}</Link>
              </li>
            </ul>
          </nav>
        </aside>
      </div>
    </div>
  );
}
