import { TEXT } from '@shared/texts.ts';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { RequireAuth } from '@client/features/auth/components/guards.tsx';
import { UserAvatar } from '@client/features/auth/components/user-avatar.tsx';
import { useIsAdmin } from '@client/lib/admin-check.ts';
import { useAuth } from '@client/lib/auth.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { Logo } from '../../layout/logo.tsx';
import { PATHS } from '@shared/paths.ts';

/**
 * The dashboard (SPEC.md §2 "Dashboard layout"): a top bar and a side drawer with the
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
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const { isAdmin, isStaff, isPending } = useIsAdmin();
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [location.key]);

  const links = [
    { to: PATHS.dashboard, label: 'Dashboard', end: true },
    ...(isPending
      ? []
      : isAdmin
        ? [
            { to: PATHS.allUsers, label: 'All Users', end: false },
            { to: PATHS.kitchen, label: 'Kitchen', end: false },
            { to: PATHS.menu, label: 'Menu', end: false },
            { to: PATHS.hostBook, label: 'Reservations', end: false },
            { to: PATHS.tables, label: 'Tables', end: false },
            { to: PATHS.settings, label: 'Settings', end: false },
          ]
        : [
            { to: PATHS.bookingOrders, label: 'Booking Orders', end: false },
            { to: PATHS.favoriteOrders, label: 'Favorite Orders', end: false },
            { to: PATHS.reportsOrders, label: 'Reports Orders', end: false },
            { to: PATHS.myOrders, label: 'My Orders', end: false },
            { to: PATHS.myReservations, label: 'My Reservations', end: false },
            // Staff order like any guest, and also switch dishes on and off.
            ...(isStaff
              ? [
                  { to: PATHS.kitchen, label: 'Kitchen', end: false },
                  { to: PATHS.hostBook, label: 'Reservations', end: false },
                  { to: PATHS.menu, label: 'Menu availability', end: false },
                ]
              : []),
          ]),
  ];

  return (
    <div className="drawer lg:drawer-open min-h-screen bg-base-200 print:block print:bg-white">
      <input id="dashboard-drawer" ref={toggle} type="checkbox" className="drawer-toggle" aria-label="Open the dashboard menu" />
      <div className="drawer-content flex min-w-0 flex-col">
        <header className="navbar sticky top-0 z-20 print:hidden gap-2 border-b border-base-300 bg-base-100 px-3 sm:px-6">
          <label htmlFor="dashboard-drawer" className="btn btn-square btn-ghost lg:hidden">
            <span className="sr-only">Open the dashboard menu</span>
            <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </label>
          <Logo />
          <span className="ml-auto hidden truncate text-sm opacity-75 sm:inline">{user?.email}</span>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-3 focus:outline-none sm:p-6">
          <Outlet />
        </main>
      </div>
      <div className="drawer-side z-30 print:hidden">
        <label htmlFor="dashboard-drawer" className="drawer-overlay">
          <span className="sr-only">Close the dashboard menu</span>
        </label>
        <aside className="flex min-h-full w-72 flex-col gap-4 bg-neutral p-5 text-neutral-content" aria-label="Dashboard">
          <div className="flex flex-col items-center gap-2 border-b border-neutral-content/20 pb-4 text-center">
            <UserAvatar photoURL={user?.photoURL} name={user?.displayName || user?.email || 'You'} size={80} />
            <p className="text-lg font-semibold">{user?.displayName}</p>
            <p className="break-all text-sm opacity-80">{user?.email}</p>
          </div>
          <nav aria-label="Dashboard pages">
            <ul className="menu w-full gap-1 p-0">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'menu-active font-semibold' : '')}>
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
