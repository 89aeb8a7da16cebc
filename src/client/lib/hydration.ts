import { useSyncExternalStore } from 'react';

/**
 * The query meta of a read the server never answers in a page it renders (who is signed in,
 * their own records): those run in the browser after hydration (entry-server.tsx).
 */
export const BROWSER_ONLY = { browserOnly: true } as const;

const noChanges = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true from
 * the next render on (and at once on a page the browser renders itself). What depends on this
 * device's clock or storage renders after it, so the hydrated page matches the server's HTML
 * even when that HTML was cached minutes ago.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
