import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What a staff tablet keeps on the device for a connection lost in service (docs/reference/service.md "Staff
 * screens that survive the Wi-Fi", docs/decisions/044), in IndexedDB through `idb`:
 * - `outbox`: the writes made while the server could not be reached, in the order they were
 *   made (an auto-incremented id), each with its idempotency key, until the server answers;
 * - `snapshots`: the last answer of each read a staff screen needs (the session, the menu, the
 *   tables, the open bills, the board), by address, with when it was kept;
 * - `refusals`: what the server refused when the outbox was sent, with its reason, until staff
 *   dismiss it.
 * A reload or a closed tab loses none of them.
 */
export interface QueuedWrite {
  id?: number;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
  /** The write's idempotency key (also in its body): sent again, the server does it once. */
  key: string;
  /** What staff read in the list of changes waiting or refused ("Order for Table T7"). */
  label: string;
  queuedAt: string;
}

export interface Refusal {
  id?: number;
  label: string;
  reason: string;
  at: string;
}

interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: QueuedWrite };
  snapshots: { key: string; value: { path: string; data: unknown; savedAt: string } };
  refusals: { key: number; value: Refusal };
}

const DB_NAME = 'staff-offline';
let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

function database(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
      db.createObjectStore('snapshots', { keyPath: 'path' });
      db.createObjectStore('refusals', { keyPath: 'id', autoIncrement: true });
    },
  });
  return opened;
}

export async function enqueue(write: QueuedWrite): Promise<void> {
  await (await database()).add('outbox', write);
}

/** The writes waiting, oldest first. */
export async function waitingWrites(): Promise<QueuedWrite[]> {
  return (await database()).getAll('outbox');
}

export async function removeWrite(id: number): Promise<void> {
  await (await database()).delete('outbox', id);
}

export async function addRefusal(refusal: Refusal): Promise<void> {
  await (await database()).add('refusals', refusal);
}

export async function refusals(): Promise<Refusal[]> {
  return (await database()).getAll('refusals');
}

export async function dismissRefusal(id: number): Promise<void> {
  await (await database()).delete('refusals', id);
}

export async function saveSnapshot(path: string, data: unknown): Promise<void> {
  await (await database()).put('snapshots', { path, data, savedAt: new Date().toISOString() });
}

/** The last answer kept for `path`, if it is younger than `maxAgeMs`. */
export async function readSnapshot(path: string, maxAgeMs: number): Promise<unknown> {
  const kept = await (await database()).get('snapshots', path);
  if (!kept || Date.parse(kept.savedAt) < Date.now() - maxAgeMs) return undefined;
  return kept.data;
}

/** Signing out forgets what this device kept of the account's reads (a shared tablet). */
export async function forgetSnapshots(): Promise<void> {
  await (await database()).clear('snapshots');
}
