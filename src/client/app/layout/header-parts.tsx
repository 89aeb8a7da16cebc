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
import { MenuIcon, SearchIcon } from '@client/components/ui/icons.tsx';
import { UserAvatar } from '@client/features/accounts/components/user-avatar.tsx';
import { useAuthFlows } from '@client/features/accounts/use-auth-flows.ts';
import { useKeepTyped } from '@client/lib/hydration.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { SEARCH_PATH, searchHint, searchTextOf } from './search-text.ts';

export function SignedInControls({ name, photoURL }: { name: string; photoURL: string | null }) {
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

export function SearchForm() {
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

export function CountBadge({ to, label, count, icon }: { to: string; label: string; count: number; icon: ReactNode }) {
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
export function SmallScreenMenu({ links }: { links: { to: string; label: string; end: boolean }[] }) {
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
