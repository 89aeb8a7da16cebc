/**
 * Whether the server answered the last request (SERVICE.md "Staff screens that survive the
 * Wi-Fi": a staff page says "Offline" while the server cannot be reached, which the browser's
 * `navigator.onLine` alone does not know: a tablet on a Wi-Fi without a way out is "online").
 * Set by every request of api-client.ts; read by the staff pages' header and the outbox.
 */
let reachable = typeof navigator === 'undefined' || navigator.onLine;
const listeners = new Set<() => void>();

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

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => setReachable(false));
  window.addEventListener('online', () => setReachable(true));
}

/**
 * The reads a staff screen needs again after a reload without the server (the session, the
 * account, the settings, the menu, the tables, the bills, the board, the day's bookings): read on
 * a staff screen, their last answers are kept on the device (offline-store.ts) and answered from
 * there meanwhile.
 */
const KEPT_READS = ['/api/auth/get-session', '/api/v1/users/', '/api/v1/restaurant', '/api/v1/allProductsData', '/api/v1/categorys', '/api/v1/tables', '/api/v1/bills', '/api/v1/kitchen/', '/api/v1/reservations'];

/** The staff screens that keep their reads; a guest's page keeps nothing (and loads nothing for it). */
const STAFF_SCREENS = /^\/(kitchen|staff\/)/;

export function isKeptRead(method: string, path: string): boolean {
  return method === 'GET' && typeof indexedDB !== 'undefined' && STAFF_SCREENS.test(window.location.pathname) && KEPT_READS.some((prefix) => path.startsWith(prefix));
}

/** How long a kept read may answer for the server: a day's service. */
export const KEPT_READ_MAX_AGE_MS = 24 * 60 * 60 * 1000;
