import { sseMessages } from '../../src/client/lib/sse.ts';

/**
 * Reads GET /api/v1/events over real HTTP as the client does (fetch with the Bearer token),
 * collecting each event's JSON data and id, the named events and the comment lines. `lastEventId`
 * is sent as the `Last-Event-ID` header, as the client does when it reconnects.
 */

export interface SseMessage {
  event: string;
  data: unknown;
  /** The event's `id:` (undefined when it had none). */
  id: string | undefined;
}

export interface OpenStream {
  status: number;
  messages: SseMessage[];
  comments: string[];
  /** Resolves with the first message matching, or rejects after `ms`. */
  waitFor(match: (message: SseMessage) => boolean, ms?: number): Promise<SseMessage>;
  /** Resolves once a comment line `text` (e.g. the heartbeat) has arrived, or rejects after `ms`. */
  waitForComment(text: string, ms?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  baseUrl: string,
  accessToken: string,
  lastEventId?: string,
  /** The stream's query, e.g. `?branch=gulshan`. */
  query = '',
): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${baseUrl}/api/v1/events${query}`, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  /** Resolves with what `find` finds, checked again on every line that arrives; rejects after `ms`. */
  function arrival<T>(find: () => T | undefined, ms: number, failure: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(failure()));
      }, ms);
      waiters.add(check);
      check();
    });
  }
  const ended = (async () => {
    if (!response.body) return;
    try {
      const onComment = (text: string) => {
        comments.push(text);
        for (const wake of waiters) wake();
      };
      for await (const message of sseMessages(response.body, { onComment })) {
        messages.push({ event: message.event, data: JSON.parse(message.data) as unknown, id: message.id });
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    messages,
    comments,
    ended,
    close: () => controller.abort(),
    waitFor: (match, ms = 2000) =>
      arrival(
        () => messages.find(match),
        ms,
        () => `no matching event within ${ms} ms; got ${JSON.stringify(messages)}`,
      ),
    waitForComment: async (text, ms = 2000) => {
      await arrival(
        () => (comments.includes(text) ? text : undefined),
        ms,
        () => `no comment "${text}" within ${ms} ms; got ${JSON.stringify(comments)}`,
      );
    },
  };
}
