import { useSyncExternalStore } from 'react';
import { PATHS } from '@shared/paths.ts';
import { useHydrated } from '@client/lib/hydration.ts';

/**
 * A guest's visit at a table (issue 41, point 3): scanning a table's QR code (/order?table=ID)
 * starts it, and from then on every page says which table (the banner below), signing in,
 * browsing the menu and filling the bag keep it, and the checkout opens on dine-in at that
 * table. It ends when a dine-in order at that table is placed, when the guest says they are
 * not at it, or an hour after the scan. Kept in this device's storage, so it survives the
 * sign-in page and a reload; the server checks the table again when the order is placed.
 */
export interface TableVisit {
  tableId: string;
  name: string;
  /** Epoch milliseconds after which the visit is over. */
  until: number;
}

const KEY = 'table-visit';
const VISIT_MS = 60 * 60_000;
const listeners = new Set<() => void>();

let lastRaw: string | null = null;
let lastVisit: TableVisit | null = null;

function parse(raw: string | null): TableVisit | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TableVisit>;
    return typeof value.tableId === 'string' && typeof value.name === 'string' && typeof value.until === 'number' ? { tableId: value.tableId, name: value.name, until: value.until } : null;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The visit in progress, or null (none, or over). The same object while nothing changed. */
export function currentTableVisit(now = Date.now()): TableVisit | null {
  const raw = readRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastVisit = parse(raw);
  }
  return lastVisit && lastVisit.until > now ? lastVisit : null;
}

function write(raw: string | null) {
  try {
    if (raw === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, raw);
  } catch {
    // Storage unavailable (private mode): the visit lasts as long as the address says it.
  }
  for (const listener of listeners) listener();
}

export function startTableVisit(table: { tableId: string; name: string }, now = Date.now()): void {
  write(JSON.stringify({ tableId: table.tableId, name: table.name, until: now + VISIT_MS } satisfies TableVisit));
}

export function endTableVisit(): void {
  write(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same guest (a second scan, or the order placed there).
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visit in progress, after the hydration (the server's page is everyone's: no visit in it). */
export function useTableVisit(): TableVisit | null {
  const hydrated = useHydrated();
  const visit = useSyncExternalStore(
    subscribe,
    () => currentTableVisit(),
    () => null,
  );
  return hydrated ? visit : null;
}

/** "T7" or "7" reads as "Table 7"; a table named otherwise ("Window 2", "Terrace") keeps its name. */
export function tableTitle(name: string): string {
  const number = /^t?\s*(\d+)$/i.exec(name.trim())?.[1];
  return number ? `Table ${number}` : name;
}

/** Where the checkout of this visit is: dine-in at its table. */
export const visitCheckoutPath = (visit: TableVisit) => `${PATHS.checkout}?fulfilment=dine_in&table=${encodeURIComponent(visit.tableId)}`;
