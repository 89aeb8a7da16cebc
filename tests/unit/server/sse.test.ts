// @vitest-environment node
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type SseMessage, followEventStream, sseMessages } from '../../../src/client/lib/sse.ts';

/**
 * The live events client against a real HTTP stream (node:http on loopback, read by fetch as
 * the browser reads it): the SSE grammar, and the reconnection that resumes with Last-Event-ID.
 */

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Starts a server whose handler writes the stream; answers its base URL. */
async function serve(
  handler: (request: IncomingMessage, response: ServerResponse, connection: number) => void,
): Promise<string> {
  let connections = 0;
  server = createServer((request, response) => {
    connections += 1;
    handler(request, response, connections);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const streamHead = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' };

/** Writes the parts one by one, each after the previous one reached the socket. */
async function writeInParts(response: ServerResponse, parts: (string | Buffer)[]): Promise<void> {
  for (const part of parts)
    await new Promise<void>((resolve, reject) => response.write(part, (error) => (error ? reject(error) : resolve())));
}

describe('sseMessages', () => {
  it('reads ids, names, retry, comments, multi-line data and split chunks as the SSE grammar says', async () => {
    const euro = Buffer.from('data: 12 €\n\n', 'utf8');
    const cut = euro.indexOf(0xe2) + 1; // inside the euro sign's three bytes
    const base = await serve((_request, response) => {
      response.writeHead(200, streamHead);
      void writeInParts(response, [
        'retry: 3000\n: connected\n\n',
        'id: 7\ndata: {"type":"ticket"}\n\n',
        'event: resync\ndata: {}\n\n',
        'data: first line\ndata: second line\n\n',
        'data:  keeps the second space\n\n',
        'id: 8\r\nevent: crlf\r\ndata: with CRLF\r\n\r\n',
        'data: split ',
        'across writes\n',
        '\n',
        euro.subarray(0, cut),
        euro.subarray(cut),
        ': heartbeat\n\n',
      ]).then(() => response.end());
    });
    const response = await fetch(`${base}/events`);
    const comments: string[] = [];
    const retries: number[] = [];
    const messages: SseMessage[] = [];
    for await (const message of sseMessages(response.body as ReadableStream<Uint8Array>, {
      onComment: (text) => comments.push(text),
      onRetry: (ms) => retries.push(ms),
    })) {
      messages.push(message);
    }
    expect(messages).toEqual([
      { event: 'message', data: '{"type":"ticket"}', id: '7' },
      { event: 'resync', data: '{}', id: undefined },
      { event: 'message', data: 'first line\nsecond line', id: undefined },
      { event: 'message', data: ' keeps the second space', id: undefined },
      { event: 'crlf', data: 'with CRLF', id: '8' },
      { event: 'message', data: 'split across writes', id: undefined },
      { event: 'message', data: '12 €', id: undefined },
    ]);
    expect(retries).toEqual([3000]);
    expect(comments).toEqual(['connected', 'heartbeat']);
  });
});

describe('followEventStream', () => {
  it("reconnects after a drop and a refusal, waiting the server's retry and backing off, and resumes with Last-Event-ID", async () => {
    const lastEventIds: (string | undefined)[] = [];
    const base = await serve((request, response, connection) => {
      lastEventIds.push(request.headers['last-event-id'] as string | undefined);
      if (connection === 1) {
        response.writeHead(200, streamHead);
        // Two events with ids, one without (the last id stays 2), then the server drops the stream.
        response.end('retry: 40\n\nid: 1\ndata: one\n\nid: 2\ndata: two\n\ndata: no id\n\n');
      } else if (connection === 2) {
        response.writeHead(503).end();
      } else {
        response.writeHead(200, streamHead);
        response.write('id: 3\ndata: three\n\n');
      }
    });

    const controller = new AbortController();
    const seen: string[] = [];
    const opened: boolean[] = [];
    const waits: number[] = [];
    await followEventStream({
      signal: controller.signal,
      open: (lastEventId, signal) =>
        fetch(`${base}/events`, { headers: lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}, signal }),
      onOpen: (resumed) => opened.push(resumed),
      onMessage(message) {
        seen.push(message.data);
        if (message.data === 'three') controller.abort();
      },
      onDrop: (waitMs) => waits.push(waitMs),
      wait: async () => undefined,
      random: () => 0.5, // no jitter: the waits are the schedule itself
    });

    expect(seen).toEqual(['one', 'two', 'no id', 'three']);
    expect(lastEventIds).toEqual([undefined, '2', '2']);
    expect(opened).toEqual([false, true]);
    // The server's retry (40 ms) after the drop, twice that after the refusal.
    expect(waits).toEqual([40, 80]);
  });

  it('sends no Last-Event-ID when the server reset it with an empty id', async () => {
    const lastEventIds: (string | undefined)[] = [];
    const base = await serve((request, response, connection) => {
      lastEventIds.push(request.headers['last-event-id'] as string | undefined);
      response.writeHead(200, streamHead);
      if (connection === 1) response.end('id: 5\ndata: five\n\nid:\ndata: reset\n\n');
      else response.write('data: again\n\n');
    });
    const controller = new AbortController();
    await followEventStream({
      signal: controller.signal,
      open: (lastEventId, signal) =>
        fetch(`${base}/events`, { headers: lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}, signal }),
      onMessage(message) {
        if (message.data === 'again') controller.abort();
      },
      wait: async () => undefined,
    });
    expect(lastEventIds).toEqual([undefined, undefined]);
  });
});
