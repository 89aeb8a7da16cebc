import { authorizedRequest } from './access-token.ts';
import { ApiError } from './api-client.ts';
import {
  type QueuedWrite,
  type Refusal,
  addRefusal,
  dismissRefusal,
  enqueue,
  refusals,
  removeWrite,
  waitingWrites,
} from './offline-store.ts';
import { isReachable, onReachability, setReachable } from './reachability.ts';

/**
 * The staff screens' outbox (docs/reference/service.md "Staff screens that survive the Wi-Fi",
 * docs/decisions/044): a write that cannot reach the server (or comes after others still
 * waiting, to keep their order) is kept on the device with its key and sent when the server
 * answers again, oldest first, by one tab at a time (a Web Lock; a second tab sending the same
 * write would be answered once anyway: every queued write carries its key). What the server
 * refuses is listed with its reason; what it cannot answer (no connection, 5xx, 401, 429) waits.
 * Guests never use it: nothing a guest sends is queued.
 */
export type Sent<T> = { queued: false; answer: T } | { queued: true };

export interface OutboxState {
  reachable: boolean;
  waiting: number;
  /** Writes sent since the connection came back (done or refused): "All changes sent" once none is waiting. */
  sent: number;
  refusals: Refusal[];
}

let state: OutboxState = { reachable: isReachable(), waiting: 0, sent: 0, refusals: [] };
const listeners = new Set<() => void>();
const flushedListeners = new Set<() => void>();
const RETRY_MS = 5_000;
/** On reconnect, an outbox is sent after a random wait up to this. */
const RECONNECT_JITTER_MS = 2_000;
/** Whether a staff screen has started the outbox (startOutbox). */
let started = false;

function update(patch: Partial<OutboxState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

// The header follows the server's reachability from the moment this module runs: a Wi-Fi lost
// while a staff screen still loads (before the header's startOutbox) is "Offline" too.
onReachability(() => {
  update({ reachable: isReachable(), ...(isReachable() ? {} : { sent: 0 }) });
  // Every tablet of the room comes back at once: each waits a moment of its own (scripts/bench/offline.ts).
  if (started && isReachable()) setTimeout(() => void flush(), Math.random() * RECONNECT_JITTER_MS);
});

export const outbox = {
  state: (): OutboxState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called after a send of the outbox changed something on the server: screens read again. */
  onFlushed(listener: () => void): () => void {
    flushedListeners.add(listener);
    return () => flushedListeners.delete(listener);
  },
  async dismiss(id: number): Promise<void> {
    await dismissRefusal(id);
    await refresh();
  },
};

async function refresh(): Promise<void> {
  const [waiting, refused] = await Promise.all([waitingWrites(), refusals()]);
  update({ waiting: waiting.length, refusals: refused });
}

/** Sends `write` now, or keeps it in the outbox when the server cannot be reached or others wait before it. */
export async function sendOrQueue<T>(write: Omit<QueuedWrite, 'id' | 'queuedAt'>): Promise<Sent<T>> {
  await refresh().catch(() => {});
  if (isReachable() && state.waiting === 0) {
    try {
      return {
        queued: false,
        answer: await authorizedRequest<T>(write.path, { method: write.method, body: write.body }),
      };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) throw error;
    }
  }
  await enqueue({ ...write, queuedAt: new Date().toISOString() });
  await refresh();
  schedule();
  return { queued: true };
}

/** Whether a refusal is for later (the server did not decide) rather than final. */
const later = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

async function sendWaiting(): Promise<void> {
  let changed = false;
  for (const write of await waitingWrites()) {
    try {
      await authorizedRequest(write.path, { method: write.method, body: write.body });
      update({ sent: state.sent + 1 });
    } catch (error) {
      if (later(error)) break;
      const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
      await addRefusal({ label: write.label, reason, at: new Date().toISOString() });
      update({ sent: state.sent + 1 });
    }
    changed = true;
    await removeWrite(write.id as number);
    await refresh();
  }
  if (changed) for (const listener of flushedListeners) listener();
}

let flushing: Promise<void> | null = null;

/** Sends the outbox, oldest first; one tab at a time. */
export function flush(): Promise<void> {
  if (flushing) return flushing;
  const run = (): Promise<void> => sendWaiting().catch(() => {});
  const locked: Promise<void> = navigator.locks
    ? navigator.locks.request('staff-outbox', run).then(() => undefined)
    : run();
  const running = locked.finally(() => {
    flushing = null;
    void refresh().catch(() => {});
  });
  flushing = running;
  return running;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** While writes wait, try again every few seconds (a request that answers also marks the server reachable). */
function schedule(): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    if (state.waiting === 0) return;
    void flush().then(() => {
      if (state.waiting > 0) schedule();
    });
  }, RETRY_MS);
}

/** Starts the outbox once on a staff screen: what a closed tab left is sent, and sent again on each reconnect. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  void refresh()
    .then(() => {
      if (state.waiting > 0) {
        // A probe: the server's answer (or its absence) says whether to send now.
        if (isReachable()) void flush();
        schedule();
      }
    })
    .catch(() => setReachable(isReachable()));
}
