import type { LiveEvent } from '../../../shared/contract/events.ts';

/**
 * Live events and cache invalidation inside one server (docs/reference/operations.md "The kitchen board",
 * "Several app servers"); pg-publisher.ts is the same across servers. A service publishes a
 * change after its transaction has committed; every open stream on this server hears it and
 * decides whether its reader may see it. `resync` tells the streams that changes may have been
 * missed (a later publisher, backed by PostgreSQL LISTEN/NOTIFY, sends it after its listener
 * reconnects), so their clients reload what they show.
 */

export interface Published {
  event: LiveEvent;
  /** The guest the ticket or reservation belongs to (null for a phone booking or walk-in). */
  ownerId: number | null;
  /** The branch whose ticket, bill or booking it is: staff hear only their stream's branch (decision 062). */
  branchId: number;
}

export type Delivery = { kind: 'event'; published: Published } | { kind: 'resync' };
export type Listener = (delivery: Delivery) => void;

/** What servers keep in memory and must forget when another server changes it. */
export type CacheName = 'catalog' | 'restaurant' | 'branches';
export const CACHE_NAMES: readonly CacheName[] = ['catalog', 'restaurant', 'branches'];

/**
 * Access that ended: an account whose role changed or that was deleted (its product user id),
 * or identity sessions that ended (signed out, revoked). Every server closes the matching
 * streams and forgets the roles it kept for them.
 */
export type Revocation = { userId: number } | { sessionIds: string[] };

export interface EventPublisher {
  publish(published: Published): void;
  subscribe(listener: Listener): () => void;
  /** Tells every stream to reload (after a gap in what this server heard). */
  resync(): void;
  /**
   * Tells every server, this one included, that what `name` caches has changed. Resolves once
   * every server has applied it (on PostgreSQL: once every server listening has acknowledged
   * it, or after a bounded wait that the log reports).
   */
  invalidate(name: CacheName): Promise<void>;
  onInvalidate(listener: (name: CacheName) => void): void;
  /** Tells every server, this one included, that access ended; resolves as `invalidate` does. */
  revoke(revocation: Revocation): Promise<void>;
  onRevoke(listener: (revocation: Revocation) => void): void;
  /** Starts listening to the other servers (no-op in one process). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Subscriptions on this server (each app's event routes hold one, which feeds its streams). */
  readonly listeners: number;
}

export function createLocalPublisher(onListenerError: (error: unknown) => void = () => {}): EventPublisher {
  const listeners = new Set<Listener>();
  const invalidators: ((name: CacheName) => void)[] = [];
  const revokers: ((revocation: Revocation) => void)[] = [];
  const deliver = (delivery: Delivery) => {
    for (const listener of listeners) {
      try {
        listener(delivery);
      } catch (error) {
        // One broken stream never keeps an event from the others.
        onListenerError(error);
      }
    }
  };
  return {
    publish: (published) => deliver({ kind: 'event', published }),
    resync: () => deliver({ kind: 'resync' }),
    async invalidate(name) {
      for (const invalidator of invalidators) invalidator(name);
    },
    onInvalidate: (listener) => void invalidators.push(listener),
    async revoke(revocation) {
      for (const revoker of revokers) revoker(revocation);
    },
    onRevoke: (listener) => void revokers.push(listener),
    start: async () => {},
    stop: async () => {},
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get listeners() {
      return listeners.size;
    },
  };
}
