import { type EventSourceMessage, createParser } from 'eventsource-parser';

/**
 * Server-Sent Events read from a fetch body (the client's live stream, the tests' and the
 * bench's). The grammar (ids, `retry:`, multi-line data, one optional space after the colon,
 * CR/LF/CRLF line ends, a byte-order mark) is eventsource-parser's, not ours.
 */

export interface SseMessage {
  /** The event's name; `message` when the server named none (as EventSource does). */
  event: string;
  data: string;
  /** The event's `id:` when it had one ('' resets the last event id, as in EventSource). */
  id: string | undefined;
}

export interface SseHooks {
  /** A comment line (`: heartbeat`), without its colon and the one space after it. */
  onComment?: (text: string) => void;
  /** The server asked for this reconnection delay (`retry: 3000`), in milliseconds. */
  onRetry?: (ms: number) => void;
}

/** Parses an SSE byte stream into its messages, in order, as they arrive. */
export async function* sseMessages(body: ReadableStream<Uint8Array>, hooks: SseHooks = {}): AsyncGenerator<SseMessage> {
  const parsed: EventSourceMessage[] = [];
  const parser = createParser({
    onEvent: (message) => parsed.push(message),
    onRetry: hooks.onRetry,
    onComment: hooks.onComment,
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      while (parsed.length > 0) {
        const message = parsed.shift() as EventSourceMessage;
        yield { event: message.event ?? 'message', data: message.data, id: message.id };
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

export interface FollowOptions {
  /**
   * Opens the stream. `lastEventId` is the id of the last event seen before a drop (undefined
   * at first or when the server sent none): send it as the `Last-Event-ID` header so a server
   * that keeps its events can resume from there.
   */
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
  /** The stream is open; `resumed` after a drop, when what happened meanwhile may be unknown. */
  onOpen?(resumed: boolean): void;
  onMessage(message: SseMessage): void;
  /** The stream dropped, or could not be opened; the next try waits `waitMs`. */
  onDrop?(waitMs: number, error: unknown): void;
  onComment?(text: string): void;
  signal: AbortSignal;
  /** Waits between tries (a timer by default). */
  wait?(ms: number, signal: AbortSignal): Promise<void>;
  /** 0 ≤ x < 1, for the jitter (Math.random by default). */
  random?(): number;
}

/** The delay before the first reconnection until the server names one with `retry:`. */
const DEFAULT_RETRY_MS = 1000;
/** Reconnections back off from the server's `retry:` up to this. */
const MAX_RETRY_MS = 30_000;

function timer(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const id = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(id);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Keeps an event stream open until `signal` aborts: reconnects after a drop or a refusal,
 * waiting the server's `retry:` (then twice as long each failed try, up to 30 s, ±25 %), and
 * resumes with the last event id it saw.
 */
export async function followEventStream(options: FollowOptions): Promise<void> {
  const { signal } = options;
  const wait = options.wait ?? timer;
  const random = options.random ?? Math.random;
  let lastEventId: string | undefined;
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  let everOpened = false;
  while (!signal.aborted) {
    let error: unknown = new Error('the stream ended');
    try {
      const response = await options.open(lastEventId === '' ? undefined : lastEventId, signal);
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`the stream answered ${response.status}`);
      }
      failures = 0;
      options.onOpen?.(everOpened);
      everOpened = true;
      const hooks: SseHooks = {
        onRetry: (ms) => (retryMs = ms),
        ...(options.onComment ? { onComment: options.onComment } : {}),
      };
      for await (const message of sseMessages(response.body, hooks)) {
        if (message.id !== undefined) lastEventId = message.id;
        options.onMessage(message);
      }
    } catch (thrown) {
      error = thrown;
    }
    if (signal.aborted) return;
    failures += 1;
    const waitMs = Math.round(
      Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures - 1, 5)) * (0.75 + random() * 0.5),
    );
    options.onDrop?.(waitMs, error);
    await wait(waitMs, signal);
  }
}
