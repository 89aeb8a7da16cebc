import pg from 'pg';
import {
  type CacheName,
  CACHE_NAMES,
  type EventPublisher,
  type Published,
  type Revocation,
  createLocalPublisher,
} from './publisher.ts';

/**
 * Live events and cache invalidation across app servers through PostgreSQL LISTEN/NOTIFY
 * (docs/reference/operations.md "Several app servers"). Every server LISTENs on one channel with a connection
 * of its own, named after the server (`application_name`); publishing is a NOTIFY that every
 * server, this one included, hears and hands to its own streams and caches. Payloads are small
 * (an event's type, id and status, the name of a cache, an account or sessions whose access
 * ended). When the listening connection drops (PostgreSQL restarted), it is opened again with
 * backoff, and once back every cache of this server is emptied and every open stream told to
 * resync, since changes made meanwhile were not heard.
 *
 * A cache change or an ended access answers only once every server has applied it (README:
 * "a change answers only after the others were told"): the writer reads which servers are
 * listening (their connections in pg_stat_activity), sends the message, and each server that
 * applied it acknowledges with a NOTIFY of its own. Hearing one's own echo was not enough: a
 * busy server could still answer a read from its old cache after the writer's answer. A server
 * that does not acknowledge within ACK_WAIT_MS (stalled, or gone without closing its
 * connection) is named in a warning and the change answers anyway.
 */

const CHANNEL = 'storefront_events';
const LISTENER_NAME = 'storefront-events:';
/** How long a change waits for the other servers to acknowledge it. */
export const ACK_WAIT_MS = 5_000;

type Told = { k: 'invalidate'; name: CacheName } | { k: 'revoke'; r: Revocation };
type Message =
  { k: 'event'; p: Published } | (Told & { from: string; n: number }) | { k: 'ack'; to: string; n: number; by: string };

export interface PgPublisherOptions {
  connectionString: string;
  /** Runs queries (the NOTIFY) on the app's pool. */
  query: (text: string, values: unknown[]) => Promise<unknown>;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** How long a change waits for every server's acknowledgement (tests shorten it). */
  ackWaitMs?: number;
}

function isRevocation(value: unknown): value is Revocation {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as { userId?: unknown; sessionIds?: unknown };
  return (
    Number.isSafeInteger(r.userId) ||
    (Array.isArray(r.sessionIds) && r.sessionIds.every((id) => typeof id === 'string'))
  );
}

export function createPgPublisher({
  connectionString,
  query,
  log,
  ackWaitMs = ACK_WAIT_MS,
}: PgPublisherOptions): EventPublisher {
  const local = createLocalPublisher((error) => log.warn({ err: error }, 'an event stream failed'));
  const invalidators: ((name: CacheName) => void)[] = [];
  const revokers: ((revocation: Revocation) => void)[] = [];
  const me = crypto.randomUUID();
  let sent = 0;
  /** Changes of ours waiting for acknowledgements, by their number: who has acknowledged. */
  const waiting = new Map<number, (by: string) => void>();
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let everListened = false;
  let retry: NodeJS.Timeout | undefined;

  const invalidateHere = (name: CacheName) => {
    for (const invalidator of invalidators) invalidator(name);
  };
  const revokeHere = (revocation: Revocation) => {
    for (const revoker of revokers) revoker(revocation);
  };

  function receive(payload: string | undefined): void {
    if (!payload) return;
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (message.k === 'event') local.publish(message.p);
    else if (message.k === 'ack') {
      if (message.to === me) waiting.get(message.n)?.(message.by);
    } else if (message.k === 'invalidate' || message.k === 'revoke') {
      if (message.k === 'invalidate') {
        if (!CACHE_NAMES.includes(message.name)) return;
        invalidateHere(message.name);
      } else {
        if (!isRevocation(message.r)) return;
        revokeHere(message.r);
      }
      // Applied: the writer may answer once every server has said so.
      if (message.from === me) waiting.get(message.n)?.(me);
      else
        notify({ k: 'ack', to: message.from, n: message.n, by: me }).catch((error: unknown) =>
          log.warn({ err: error }, 'could not acknowledge a change to the server that made it'),
        );
    }
  }

  async function listen(): Promise<void> {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5_000,
      application_name: `${LISTENER_NAME}${me}`,
    });
    next.on('notification', (notification) => receive(notification.payload));
    next.on('error', (error) => {
      log.warn({ err: error }, 'the event listener lost PostgreSQL');
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    attempt = 0;
    if (everListened) {
      // Whatever changed while we were not listening is unknown: forget it all, reload it all.
      log.info({}, 'the event listener is back: caches emptied, streams told to resync');
      for (const name of CACHE_NAMES) invalidateHere(name);
      local.resync();
    }
    everListened = true;
  }

  function reconnect(dropped: pg.Client): void {
    if (stopped || client !== dropped) return;
    client = undefined;
    dropped.removeAllListeners('notification');
    void dropped.end().catch(() => {});
    schedule();
  }

  function schedule(): void {
    if (stopped || retry) return;
    attempt += 1;
    const wait = Math.min(5_000, 100 * 2 ** Math.min(attempt, 6));
    retry = setTimeout(() => {
      retry = undefined;
      listen().catch((error: unknown) => {
        log.warn({ err: error, attempt }, 'the event listener could not reconnect yet');
        schedule();
      });
    }, wait);
    retry.unref();
  }

  async function notify(message: Message): Promise<void> {
    await query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
  }

  /** The servers listening on this database now, by their ids (this one included while its listener is up); NOTIFY reaches only them. */
  async function liveServers(): Promise<Set<string>> {
    const result = (await query(
      'select application_name from pg_stat_activity where datname = current_database() and application_name like $1',
      [`${LISTENER_NAME}%`],
    )) as { rows: { application_name: string }[] };
    return new Set(result.rows.map((row) => row.application_name.slice(LISTENER_NAME.length)));
  }

  /**
   * Applies a change here, sends it to every server and waits until each server listening
   * when it was sent has applied it (at most ackWaitMs; the log names the ones that did not).
   */
  async function tellEveryone(told: Told, here: () => void): Promise<void> {
    here();
    const n = (sent += 1);
    let expected: Set<string> | undefined;
    const acknowledged = new Set<string>();
    let settle = () => {};
    const allHeard = new Promise<'heard' | 'late'>((resolve) => {
      settle = () => {
        if (expected && [...expected].every((id) => acknowledged.has(id))) resolve('heard');
      };
      setTimeout(() => resolve('late'), ackWaitMs).unref();
    });
    waiting.set(n, (by) => {
      acknowledged.add(by);
      settle();
    });
    try {
      if (!client) {
        // Our listener is down, so no acknowledgement could reach us: send it and say so.
        await notify({ ...told, from: me, n });
        log.warn(
          { change: told.k === 'invalidate' ? told.name : 'revoke' },
          'degraded: the event listener is down, so a change answered without knowing the other servers applied it',
        );
        return;
      }
      // Read before sending: a server that starts listening later never held the old state in a cache it was told about.
      const live = await liveServers();
      expected = live;
      await notify({ ...told, from: me, n });
      settle();
      if ((await allHeard) === 'late') {
        const missing = [...live].filter((id) => !acknowledged.has(id));
        log.warn(
          { missing, change: told.k === 'invalidate' ? told.name : 'revoke', waitedMs: ackWaitMs },
          'degraded: some servers did not acknowledge a change in time; they may answer from their old caches until they hear it',
        );
      }
    } catch (error) {
      log.warn({ err: error }, 'could not tell the other servers about a change');
    } finally {
      waiting.delete(n);
    }
  }

  return {
    publish(published) {
      notify({ k: 'event', p: published }).catch((error: unknown) => {
        // PostgreSQL is away: this server's own streams still hear it; the others resync later.
        log.warn({ err: error }, 'could not send an event to the other servers');
        local.publish(published);
      });
    },
    subscribe: (listener) => local.subscribe(listener),
    resync: () => local.resync(),
    invalidate: (name) => tellEveryone({ k: 'invalidate', name }, () => invalidateHere(name)),
    onInvalidate: (listener) => void invalidators.push(listener),
    revoke: (revocation) => tellEveryone({ k: 'revoke', r: revocation }, () => revokeHere(revocation)),
    onRevoke: (listener) => void revokers.push(listener),
    async start() {
      // A listener that cannot connect now keeps trying; the server serves meanwhile.
      await listen().catch((error: unknown) => {
        log.warn({ err: error }, 'the event listener could not connect yet');
        schedule();
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
    get listeners() {
      return local.listeners;
    },
  };
}
