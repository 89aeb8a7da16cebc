import { t } from '@shared/i18n/i18n.ts';
import { TEXT } from '@shared/texts.ts';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { CartIcon, HeartIcon, MenuIcon, SearchIcon } from '@client/components/ui/icons.tsx';
import { UserAvatar } from '@client/features/accounts/components/user-avatar.tsx';
import { useAuthFlows } from '@client/features/accounts/use-auth-flows.ts';
import { useAuth } from '@client/data/account-session.tsx';
import { useKeepTyped } from '@client/lib/hydration.ts';
import { useOwnRecord } from '@client/data/account-record.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { Logo } from './logo.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { PATHS } from '@shared/paths.ts';

/** Where the header search sends the guest; the text travels in navigation state (docs/reference/storefront.md §2). */
export const SEARCH_PATH = PATHS.search;

/** What the search box says when submitted blank. */
export const searchHint = () => t('header.searchHint', 'Type a dish, an ingredient or a category to search');

/** The search text of the search page: navigation state (docs/reference/storefront.md §2), else the address's `q`. */
export function searchTextOf(location: { state: unknown; search: string }): string {
  const state =
    location.state && typeof location.state === 'object'
      ? (location.state as { searchText?: unknown }).searchText
      : undefined;
  const text = typeof state === 'string' ? state : (new URLSearchParams(location.search).get('q') ?? '');
  return text.trim().slice(0, 100);
}

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

function SignedInControls({ name, photoURL }: { name: string; photoURL: string | null }) {
  const flows = useAuthFlows();
  const [busy, setBusy] = useState(false);
  async function logOut() {
    setBusy(true);
    try {
      await flows.logOut();
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void logOut()} disabled={busy}>
        {TEXT.logOutItem}
      </button>
      <span title={name}>
        <UserAvatar photoURL={photoURL} name={name} size={36} />
      </span>
    </>
  );
}

function SearchForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState(location.pathname === SEARCH_PATH ? searchTextOf(location) : '');
  const input = useRef<HTMLInputElement>(null);
  // What the guest typed before the page hydrated stays in the box, and is what Enter sends.
  useKeepTyped(input, text, setText);
  // Blank (or only spaces, which the server refuses): the browser's own bubble says what to type.
  // A layout effect: the box's validity follows the text before anything can submit the form.
  useLayoutEffect(() => {
    const box = input.current;
    box?.setCustomValidity(box.value.trim() === '' ? searchHint() : '');
  }, [text]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The box as it is: a submit that hydrated the header (React replays it) comes before any re-render.
    const searchText = (input.current?.value ?? text).trim();
    if (searchText === '') return;
    // The text goes in navigation state, as the spec says, and in the address, so a result
    // can be reloaded, shared and bookmarked.
    void navigate(`${SEARCH_PATH}?${new URLSearchParams({ q: searchText }).toString()}`, { state: { searchText } });
  }

  return (
    // Without JavaScript the browser sends the form itself to the same address: the server renders the results.
    <form
      role="search"
      aria-label={t('header.dishes', 'Dishes')}
      action={SEARCH_PATH}
      method="get"
      onSubmit={onSubmit}
      className="join min-w-0 flex-1 lg:w-72 lg:flex-none"
    >
      <label className="input input-sm join-item min-w-0 flex-1 border-base-300 bg-base-100">
        <span className="sr-only">{t('header.searchDishes', 'Search dishes')}</span>
        <SearchIcon size={16} className="shrink-0 opacity-70" />
        <input
          type="search"
          name="q"
          ref={input}
          required
          maxLength={100}
          placeholder={t('header.searchDishes2', 'Search dishes…')}
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary btn-sm join-item">
        {t('header.search', 'Search')}
      </button>
    </form>
  );
}

function CountBadge({ to, label, count, icon }: { to: string; label: string; count: number; icon: ReactNode }) {
  const { number } = useNumbers();
  return (
    <Link
      to={to}
      className="btn btn-circle btn-ghost btn-sm shrink-0"
      aria-label={`${label}: ${number(count)}`}
      title={label}
    >
      <span className="indicator">
        {icon}
        <span className="indicator-item badge badge-xs badge-primary px-1" aria-hidden="true">
          {number(count)}
        </span>
      </span>
    </Link>
  );
}

/** The small-screen dropdown: the page links plus Profile, Settings and Logout, which do nothing (docs/reference/storefront.md §2). */
function SmallScreenMenu({ links }: { links: { to: string; label: string; end: boolean }[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Close after a navigation, on Escape and on a click elsewhere.
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const element = details.current;
      if (element?.open && !element.contains(event.target as Node)) element.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    const element = details.current;
    if (event.key === 'Escape' && element?.open) {
      element.open = false;
      element.querySelector('summary')?.focus();
    }
  }

  return (
    <details ref={details} className="dropdown lg:hidden" onKeyDown={onKeyDown}>
      <summary
        className="btn btn-circle btn-ghost btn-sm"
        aria-label={t('header.openTheSiteMenu', 'Open the site menu')}
      >
        <MenuIcon />
      </summary>
      <ul className="menu dropdown-content z-40 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
        {links.map((link) => (
          <li key={link.label}>
            <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li className="menu-title mt-1 border-t border-base-300 pt-2 text-base-content/75">
          {t('header.account', 'Account')}
        </li>
        <li>
          <button type="button">{TEXT.profile}</button>
        </li>
        <li>
          <button type="button">{TEXT.settings}</button>
        </li>
        <li>
          <button type="button">{TEXT.logout}</button>
        </li>
      </ul>
    </details>
  );
}
