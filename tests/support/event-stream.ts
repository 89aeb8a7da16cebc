/**
 * Reads GET /api/v1/events over real HTTP as the client does (fetch with the Bearer token),
 * collecting each event's JSON data, the named events and the comment lines.
 */

export interface SseMessage {
  event: string;
  data: unknown;
}

export interface OpenStream {
  status: number;
  messages: SseMessage[];
  comments: string[];
  /** Resolves with the first message matching, or rejects after `ms`. */
  waitFor(match: (message: SseMessage) => boolean, ms?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(baseUrl: string, accessToken: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events`, { headers: { authorization: `Bearer ${accessToken}`, accept: 'text/event-stream' }, signal: controller.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length > 0) messages.push({ event, data: JSON.parse(data.join('\n')) as unknown });
          for (const wake of waiters) wake();
          end = buffer.indexOf('\n\n');
        }
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
    waitFor(match, ms = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
}
