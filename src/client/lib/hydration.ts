import { useSyncExternalStore } from 'react';

/**
 * The query meta of a read the server never answers in a page it renders (who is signed in,
 * their own records): those run in the browser after hydration (entry-server.tsx).
 */
export const BROWSER_ONLY = { browserOnly: true } as const;

let hydrated = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Ends the hydration phase (main.tsx): at once for a page the browser renders itself; for a
 * page the server rendered, once the hydration has committed, and then in a task of its own,
 * so the device-dependent parts render after the hydration instead of lengthening its task.
 */
export function endHydration({ deferred }: { deferred: boolean }) {
  if (!deferred) {
    hydrated = true;
    for (const listener of listeners) listener();
    return;
  }
  setTimeout(() => {
    if (hydrated) return;
    hydrated = true;
    // Each part then renders in a task of its own: a page with several (the opening hours,
    // a dish's sold-out time) never holds the main thread for all of them at once.
    for (const listener of listeners) setTimeout(listener, 0);
  }, 0);
}

/** Whether the hydration phase has ended, for a component that only needs it once (no re-render when it ends). */
export const isHydrated = (): boolean => hydrated;

/**
 * False while the server renders a page and while the browser hydrates that HTML, true from
 * then on (and at once on a page the browser renders itself). What depends on this device's
 * clock or storage renders after it, so the hydrated page matches the server's HTML even when
 * that HTML was cached minutes ago.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}
