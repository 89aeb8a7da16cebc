import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleAtLeast } from '../../../shared/constants.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { HEARTBEAT_MS, RESYNC_EVENT } from '../../../shared/contract/events.ts';
import { type Access, type Caller, callerOf } from '../auth/auth.service.ts';
import type { Delivery, EventPublisher } from './publisher.ts';

/**
 * GET /api/v1/events: Server-Sent Events for the signed-in caller. Staff hear every ticket and
 * reservation; a guest only their own. A comment every HEARTBEAT_MS keeps proxies from closing
 * the stream, and each heartbeat checks the token's session again, so a signed-out or demoted
 * account stops hearing what it may no longer see. Closing the server ends every stream first,
 * so a SIGTERM still exits at once.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{ publisher: EventPublisher; access: Access; heartbeatMs?: number }> = async (app, { publisher, access, heartbeatMs = HEARTBEAT_MS }) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/v1/events',
    {
      schema: {
        tags: ['events'],
        operationId: 'events',
        summary: 'Live ticket and reservation events (text/event-stream; each data line is JSON { type, _id, status, … })',
        security: [{ bearer: [] }],
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses(401) },
      },
      preHandler: access.authenticate,
    },
    async (request, reply) => {
      let caller: Caller = callerOf(request);
      const stream = reply.raw;
      reply.hijack();
      // A stream is silent between events and heartbeats: the server's idle timeout is not for it.
      request.raw.socket.setTimeout(0);
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Reverse proxies (nginx) would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      stream.write(`retry: 3000\n: connected\n\n`);
      open.add(stream);

      const visible = (delivery: Delivery) => delivery.kind === 'resync' || roleAtLeast(caller.role, 'staff') || delivery.published.ownerId === caller.id;
      const unsubscribe = publisher.subscribe((delivery) => {
        if (!visible(delivery)) return;
        stream.write(delivery.kind === 'resync' ? `event: ${RESYNC_EVENT}\ndata: {}\n\n` : `data: ${JSON.stringify(delivery.published.event)}\n\n`);
      });
      const heartbeat = setInterval(() => {
        stream.write(': heartbeat\n\n');
        // The session may have ended or the role changed since the stream opened.
        access.authenticate(request, reply).then(
          () => {
            caller = callerOf(request);
          },
          () => stream.end(),
        );
      }, heartbeatMs);
      heartbeat.unref();
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
      };
      stream.on('close', close);
      stream.on('error', close);
    },
  );
};
