import { useSyncExternalStore } from 'react';

/**
 * The query meta of a read the server never answers in a page it renders (who is signed in,
 * their own records): those run in the browser after hydration (entry-server.tsx).
 */
export const BROWSER_ONLY = { browserOnly: true } as const;

let hydrated = false;
const listeners = new Set<() => void>();

/*
 * Hydration in parts. Preact hydrates a tree in one task; on a slow phone the whole page took
 * 250 to 500 ms of it, during which a tap waits. So the parts below the first screen (and the
 * cards of a long grid) hydrate later, each in a task of its own (<HydrateLater>): while the
 * first pass runs, such a part suspends; Preact keeps the server's HTML for it as it is (a
 * part's HTML is one element) and hydrates it when its turn comes. Turns go in document order,
 * one per task; when the last part is done, the hydration phase ends (endHydration).
 */
let inParts = false;
const turns: Array<() => void> = [];

/**
 * Hydrates a page the server rendered (`hydrate` runs the first pass, synchronously), then the
 * parts that waited, one task each, then ends the hydration phase.
 */
export function hydrateInParts(hydrate: () => void): void {
  // Parts inside a part (the cards of a grid below the first screen) take turns too.
  inParts = true;
  hydrate();
  // A message task runs as soon as the browser is free, without the 4 ms that nested timers get.
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const next = turns.shift();
    if (!next) {
      inParts = false;
      channel.port1.close();
      endHydration({ deferred: true });
      return;
    }
    next(); // the part hydrates in this task's microtasks
    channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
}

/**
 * For <HydrateLater>: while a page hydrates in parts, a promise that resolves when the part's
 * turn comes; undefined otherwise (the server's render, a page the browser draws, any render
 * after the hydration), when the part renders at once.
 */
export function waitForTurn(): Promise<void> | undefined {
  if (!inParts) return undefined;
  return new Promise((resolve) => turns.push(resolve));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Ends the hydration phase: at once for a page the browser renders itself (main.tsx); for a
 * page the server rendered, once its last part has hydrated (hydrateInParts), and then in a
 * task of its own, so the device-dependent parts render after the hydration instead of
 * lengthening its tasks.
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
