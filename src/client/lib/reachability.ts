/**
 * Whether the server answered the last request (docs/reference/service.md "Staff screens that survive the
 * Wi-Fi": a staff page says "Offline" while the server cannot be reached, which the browser's
 * `navigator.onLine` alone does not know: a tablet on a Wi-Fi without a way out is "online").
 * Set by every request of api-client.ts; read by the staff pages' header and the outbox.
 */
let reachable = typeof navigator === 'undefined' || navigator.onLine;
const listeners = new Set<() => void>();
/** How many times the browser said it went offline or online. */
let browserSaid = 0;

export function isReachable(): boolean {
  return reachable;
}

export function setReachable(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  for (const listener of listeners) listener();
}

export function onReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Taken as a request is sent, for `noteOutcome` once it ends. */
export function requestSent(): number {
  return browserSaid;
}

/**
 * What a request's end says of the server, unless the browser said it went offline or online
 * since the request was sent: that is newer news. An answer to a read sent just before the Wi-Fi
 * dropped can still arrive after the browser said "offline" (Chromium delivers it), and would
 * otherwise take the header's "Offline" away until another request failed.
 */
export function noteOutcome(answered: boolean, sentAt: number): void {
  if (sentAt === browserSaid) setReachable(answered);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserSaid += 1;
    setReachable(false);
  });
  window.addEventListener('online', () => {
    browserSaid += 1;
    setReachable(true);
  });
}

/**
 * The reads a staff screen needs again after a reload without the server (the session, the
 * account, the settings, the menu, the tables, the bills, the board, the day's bookings): read on
 * a staff screen, their last answers are kept on the device (offline-store.ts) and answered from
 * there meanwhile.
 */
const KEPT_READS = [
  '/api/auth/get-session',
  '/api/v1/users/',
  '/api/v1/restaurant',
  '/api/v1/allProductsData',
  '/api/v1/categorys',
  '/api/v1/tables',
  '/api/v1/bills',
  '/api/v1/kitchen/',
  '/api/v1/reservations',
];

/** The staff screens that keep their reads; a guest's page keeps nothing (and loads nothing for it). */
const STAFF_SCREENS = /^\/(kitchen|staff\/)/;

export function isKeptRead(method: string, path: string): boolean {
  return (
    method === 'GET' &&
    typeof indexedDB !== 'undefined' &&
    STAFF_SCREENS.test(window.location.pathname) &&
    KEPT_READS.some((prefix) => path.startsWith(prefix))
  );
}

/** How long a kept read may answer for the server: a day's service. */
export const KEPT_READ_MAX_AGE_MS = 24 * 60 * 60 * 1000;
