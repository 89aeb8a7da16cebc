import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * The query meta of a read the server never answers in a page it renders (who is signed in,
 * their own records): those run in the browser after hydration (entry-server.tsx).
 */
export const BROWSER_ONLY = { browserOnly: true } as const;

let hydrated = false;
const listeners = new Set<() => void>();

/*
 * The hydration phase (docs/decisions/021). React does the hydration itself: `hydrateRoot` in a
 * transition, in slices of a few milliseconds; each <HydrateLater> is a Suspense boundary,
 * which React leaves as the server's HTML during the first pass and hydrates afterwards (the
 * one a guest taps or types in first, at once, with the event replayed). What is left here is
 * knowing when the last boundary has hydrated, to end the phase: the device-dependent parts
 * (`useHydrated()`) then render, and `data-app-ready` is set. React has no such signal, so each
 * boundary reports itself: waiting when its wrapper commits with its content still the
 * server's, done when its content commits.
 */
let hydrating = false;
let shellDone = false;
const waiting = new Set<string>();
const done = new Set<string>();

function endIfDone() {
  if (!hydrating || !shellDone || waiting.size > 0) return;
  hydrating = false;
  done.clear();
  endHydration({ deferred: true });
}

/**
 * Hydrates a page the server rendered: `hydrate` calls React's hydrateRoot on a tree that
 * ends with <HydrationEnd>. The phase ends once the shell and every
 * <HydrateLater> boundary have hydrated.
 */
export function hydrateServerPage(hydrate: () => void): void {
  hydrating = true;
  shellDone = false;
  hydrate();
}

/**
 * The app's last child, in the browser and on the server alike (the trees must match for
 * `useId`). Its layout effect runs once the shell (everything outside the boundaries) has
 * committed; it marks the document once the hydration phase has ended (`data-app-ready` on
 * <html>): a page the server rendered is readable before, but the browser tests wait for the
 * mark before they act, as on a page the browser draws.
 */
export function HydrationEnd(): null {
  const ended = useHydrated();
  useLayoutEffect(() => {
    shellDone = true;
    endIfDone();
  }, []);
  useEffect(() => {
    if (ended) document.documentElement.setAttribute('data-app-ready', '');
  }, [ended]);
  return null;
}

/** For <HydrateLater>, outside its boundary: the boundary still shows the server's HTML, unless its content has committed already. */
export function usePartWaiting(id: string): void {
  useLayoutEffect(() => {
    if (hydrating && !done.has(id)) waiting.add(id);
  }, [id]);
}

/** For <HydrateLater>, inside its boundary: the content has committed (hydrated, or drawn). */
export function usePartDone(id: string): void {
  useLayoutEffect(() => {
    if (!hydrating) return;
    done.add(id);
    waiting.delete(id);
    endIfDone();
  }, [id]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Ends the hydration phase: at once for a page the browser renders itself (main.tsx); for a
 * page the server rendered, once its last part has hydrated, and then in a task of its own,
 * so the device-dependent parts render after the hydration instead of lengthening its tasks.
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
    // a dish's sold-out time) never holds the main thread for all of them at once. (A store's
    // change renders synchronously in React, transition or not: hence the tasks.)
    for (const listener of listeners) setTimeout(listener, 0);
    // Then a form sent before the app ran, which the page starter held, is sent, once.
    setTimeout(sendHeldSubmit, 0);
  }, 0);
}

declare global {
  interface Window {
    /** A form submitted before the app ran, held by the page starter (start-after-paint.js). */
    heldSubmit?: HTMLFormElement;
  }
}

/**
 * Sends the form the page starter held (a submit pressed before the code loaded), through
 * the app's own handler now that it has hydrated: the browser checks the fields again and
 * fires the submit event as for a press of Enter. At most once.
 */
function sendHeldSubmit() {
  const form = window.heldSubmit;
  delete window.heldSubmit;
  if (form?.isConnected) form.requestSubmit();
}

/**
 * Called right before React takes a server page over: from then on React's own listeners take
 * every event (those on a part not hydrated yet hydrate it and are replayed), and the page
 * starter no longer holds submits.
 */
export function markAppStarted(): void {
  document.documentElement.setAttribute('data-app-started', '');
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

/**
 * Keeps what a guest typed into a controlled field before the page hydrated. React hydrates a
 * field without touching its value, but the component's state still holds the server's value:
 * the next render would write that back over the guest's text, and a submit would read it.
 * At the hydration's commit (a layout effect: before any later event), the state takes the
 * field's value. On a page the browser draws, the two are equal and nothing happens.
 */
export function useKeepTyped(
  field: { readonly current: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null },
  value: string,
  setValue: (value: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
    // At mount only: afterwards the state follows the field through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
