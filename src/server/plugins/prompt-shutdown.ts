import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long a client may take to send a whole request (headers and body), and how long a
 * connection may stay silent (issue 40 point 3). 60 s carries an 8 MB picture over a phone line
 * of about 1.1 Mbit/s; a body sent at a byte a second, or a connection idle mid-body, is cut
 * off instead of being held for ever. The event stream's connection is exempt from the idle
 * timeout (events.routes.ts): its request is complete and it only ever writes.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
export const IDLE_TIMEOUT_MS = 60_000;

export interface HttpTimeouts {
  /** Whole request, headers and body, received within this (Node's requestTimeout). */
  requestMs: number;
  /** A connection with nothing sent or received for this long is closed. */
  idleMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: REQUEST_TIMEOUT_MS, idleMs: IDLE_TIMEOUT_MS };

/** At a stop, a request whose body has not moved for this long is cut off (the stop's deadline is 10 s). */
export const STALLED_BODY_MS = 3_000;

/**
 * A server told to stop closes at once every connection that has no request to finish: idle
 * keep-alive connections and connections whose headers have not all arrived. A request whose
 * body is still arriving may finish while its bytes keep coming; once silent for
 * STALLED_BODY_MS (an upload stalled mid-body) it is cut off. Requests received in full are
 * answered as before. Without this, one stalled upload held the shutdown to its deadline and
 * the process exited with code 1.
 */
export function registerPromptShutdown(app: FastifyInstance): void {
  const sockets = new Set<Socket>();
  const current = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    current.set(request.socket, { request, response });
  });
  app.addHook('preClose', (done) => {
    for (const socket of sockets) {
      const exchange = current.get(socket);
      if (exchange === undefined || exchange.response.writableFinished) socket.destroy();
      else if (!exchange.request.complete) socket.setTimeout(STALLED_BODY_MS, () => socket.destroy());
    }
    done();
  });
}
