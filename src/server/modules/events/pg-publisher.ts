import pg from 'pg';
import { type CacheName, CACHE_NAMES, type EventPublisher, type Published, createLocalPublisher } from './publisher.ts';

/**
 * Live events and cache invalidation across app servers through PostgreSQL LISTEN/NOTIFY
 * (OPERATIONS.md "Several app servers"). Every server LISTENs on one channel with a connection
 * of its own; publishing is a NOTIFY that every server, this one included, hears and hands to
 * its own streams and caches. Payloads are small (an event's type, id and status, or the name
 * of a cache). When the listening connection drops (PostgreSQL restarted), it is opened again
 * with backoff, and once back every cache of this server is emptied and every open stream told
 * to resync, since changes made meanwhile were not heard.
 */

const CHANNEL = 'storefront_events';
type Message = { k: 'event'; p: Published } | { k: 'invalidate'; name: CacheName; from: string; n: number };

export interface PgPublisherOptions {
  connectionString: string;
  /** Runs queries (the NOTIFY) on the app's pool. */
  query: (text: string, values: unknown[]) => Promise<unknown>;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

export function createPgPublisher({ connectionString, query, log }: PgPublisherOptions): EventPublisher {
  const local = createLocalPublisher((error) => log.warn({ err: error }, 'an event stream failed'));
  const invalidators: ((name: CacheName) => void)[] = [];
  const me = crypto.randomUUID();
  let sent = 0;
  /** Invalidations of ours waiting to be heard back, by their number. */
  const echoes = new Map<number, () => void>();
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let everListened = false;
  let retry: NodeJS.Timeout | undefined;

  const invalidateHere = (name: CacheName) => {
    for (const invalidator of invalidators) invalidator(name);
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
    else if (message.k === 'invalidate' && CACHE_NAMES.includes(message.name)) {
      invalidateHere(message.name);
      if (message.from === me) echoes.get(message.n)?.();
    }
  }

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
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
    async invalidate(name) {
      // This server forgets at once; the others as soon as they hear it, which this waits for
      // (its own echo comes back after PostgreSQL has sent the message to every listener).
      invalidateHere(name);
      const n = (sent += 1);
      const heard = new Promise<void>((resolve) => {
        echoes.set(n, resolve);
        setTimeout(resolve, 1_000).unref();
      });
      try {
        await notify({ k: 'invalidate', name, from: me, n });
        if (client) await heard;
      } catch (error) {
        log.warn({ err: error }, 'could not tell the other servers that a cache changed');
      } finally {
        echoes.delete(n);
      }
    },
    onInvalidate: (listener) => void invalidators.push(listener),
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
