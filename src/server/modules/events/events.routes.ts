import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Role, roleAtLeast } from '../../../shared/constants.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { HEARTBEAT_MS, RESYNC_EVENT } from '../../../shared/contract/events.ts';
import { HttpError } from '../../http/errors.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import {
  type EventJournal,
  type JournalOptions,
  type Recorded,
  MAX_EVENT_ID_LENGTH,
  createEventJournal,
} from './journal.ts';
import type { EventPublisher, Published, Revocation } from './publisher.ts';

/** Open streams allowed per account (on each server; opening one more closes the oldest) and per client address (more are refused). */
export interface StreamLimits {
  perAccount: number;
  perAddress: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perAccount: 10, perAddress: 50 };

export const STREAM_MESSAGES = {
  tooManyFromAddress: 'Too many live connections from this address. Close another tab or device and try again.',
} as const;

interface OpenStream {
  userId: number;
  sessionId: string | undefined;
  address: string;
  end(): void;
}

/**
 * GET /api/v1/events: Server-Sent Events for the signed-in caller. Staff hear every ticket and
 * reservation; a guest only their own. Before each event is written the caller's current role
 * is looked up (kept in memory per account while it has streams open, and forgotten when its
 * role changes), so a demoted or deleted account hears nothing more. A change of role, a
 * deletion or a sign-out closes that account's or session's streams on every server
 * (publisher.revoke); the client opens a new one with what it may now see, or is refused. A
 * comment every HEARTBEAT_MS keeps proxies from closing the stream and checks the session's
 * expiry. Streams are capped per account (the oldest closes) and per address (refused with
 * 429). Closing the server ends every stream first, so a SIGTERM still exits at once.
 *
 * Every event and resync carries an `id:` from this server's journal (journal.ts). A request
 * with `Last-Event-ID` first hears the events it missed since that id (through the same role
 * check as live ones), then live ones; when the id is not one this process can resume from
 * (another server's, an earlier process's, too old, malformed), it hears `resync` instead.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{
  publisher: EventPublisher;
  access: Access;
  /** The account's role now, or null when it no longer exists. */
  roleOf: (userId: number) => Promise<Role | null>;
  heartbeatMs?: number;
  limits?: StreamLimits;
  /** How much the journal keeps for reconnecting clients (tests shorten it). */
  journal?: JournalOptions;
  /** The branch a stream is opened at: its staff hear that branch's events only. */
  branchOf: BranchOf;
}> = async (
  app,
  {
    publisher,
    access,
    roleOf,
    heartbeatMs = HEARTBEAT_MS,
    limits = DEFAULT_STREAM_LIMITS,
    journal: journalOptions,
    branchOf,
  },
) => {
  /** Every open stream of this server, oldest first. */
  const open = new Set<OpenStream>();
  const responses = new Set<ServerResponse>();
  const roles = new Map<number, Promise<Role | null>>();
  const roleNow = (userId: number): Promise<Role | null> => {
    let role = roles.get(userId);
    if (!role) {
      role = roleOf(userId);
      roles.set(userId, role);
      role.catch(() => roles.delete(userId));
    }
    return role;
  };

  const journal: EventJournal = createEventJournal(journalOptions);
  /** Every open stream's writer; one subscription numbers each delivery before they hear it. */
  const writers = new Set<(recorded: Recorded) => void>();
  const unsubscribeJournal = publisher.subscribe((delivery) => {
    const recorded = journal.record(delivery);
    for (const write of writers) {
      try {
        write(recorded);
      } catch (error) {
        // One broken stream never keeps an event from the others.
        app.log.warn({ err: error }, 'an event stream failed');
      }
    }
  });

  publisher.onRevoke((revocation: Revocation) => {
    if ('userId' in revocation) roles.delete(revocation.userId);
    const sessions = 'sessionIds' in revocation ? new Set(revocation.sessionIds) : undefined;
    for (const stream of open) {
      if (
        'userId' in revocation
          ? stream.userId === revocation.userId
          : stream.sessionId !== undefined && sessions?.has(stream.sessionId)
      )
        stream.end();
    }
  });

  app.addHook('preClose', async () => {
    unsubscribeJournal();
    for (const stream of responses) stream.end();
  });

  app.get(
    '/api/v1/events',
    {
      schema: {
        tags: ['events'],
        operationId: 'events',
        summary:
          'Live ticket and reservation events (text/event-stream; each data line is JSON { type, _id, status, … })',
        security: [{ bearer: [] }],
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses(401, 429) },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // Staff hear the events of the branch the stream is opened at (`?branch=`, theirs, the cookie's, the first).
      const branch = await branchOf(request);
      let fromAddress = 0;
      for (const stream of open) if (stream.address === request.ip) fromAddress += 1;
      if (fromAddress >= limits.perAddress) throw new HttpError(429, 'tooManyLiveConnectionsFrom');
      // The account's oldest streams make room for this one (a tab long closed whose connection a proxy still holds).
      const mine = [...open].filter((stream) => stream.userId === caller.id);
      for (const oldest of mine.slice(0, Math.max(0, mine.length - limits.perAccount + 1))) oldest.end();

      const response = reply.raw;
      reply.hijack();
      // A stream is silent between events and heartbeats: the server's idle timeout is not for it.
      request.raw.socket.setTimeout(0);
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Reverse proxies (nginx) would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      response.write(`retry: 3000\n: connected\n\n`);
      responses.add(response);

      let closed = false;
      const entry: OpenStream = {
        userId: caller.id,
        sessionId: caller.sessionId,
        address: request.ip,
        // Out of the counts at once, not when the socket has closed.
        end: () => {
          open.delete(entry);
          response.end();
        },
      };
      open.add(entry);
      // Events are written in the order they came, each after its role check.
      let queue = Promise.resolve();
      const resync = (id: string) => {
        // Changes may have been missed, role changes among them.
        roles.delete(caller.id);
        // After the events before it, so the last id the client keeps is the newest.
        queue = queue.then(() => {
          if (!closed) response.write(`id: ${id}\nevent: ${RESYNC_EVENT}\ndata: {}\n\n`);
        });
      };
      const send = (id: string, published: Published) => {
        queue = queue
          .then(async () => {
            const role = await roleNow(caller.id);
            if (closed) return;
            if (role === null) return void response.end();
            if ((roleAtLeast(role, 'staff') && published.branchId === branch) || published.ownerId === caller.id)
              response.write(`id: ${id}\ndata: ${JSON.stringify(published.event)}\n\n`);
          })
          .catch(() => {
            // The role could not be read (the database is away): this stream ends; the client opens another.
            response.end();
          });
      };
      const write = ({ id, delivery }: Recorded) => {
        if (delivery.kind === 'resync') resync(id);
        else send(id, delivery.published);
      };
      // What was missed and what comes next, without a gap or a repeat: both read in this same tick.
      const lastEventId = lastEventIdOf(request.headers['last-event-id']);
      if (lastEventId !== undefined) {
        const resume = journal.since(lastEventId);
        if (resume.kind === 'unknown') resync(journal.lastId);
        else for (const entry of resume.entries) send(entry.id, entry.published);
      }
      writers.add(write);
      const unsubscribe = () => void writers.delete(write);
      const heartbeat = setInterval(() => {
        response.write(': heartbeat\n\n');
        // The session may have expired since the stream opened.
        access.authenticate(request, reply).catch(() => response.end());
      }, heartbeatMs);
      heartbeat.unref();
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(entry);
        responses.delete(response);
        if (![...open].some((stream) => stream.userId === caller.id)) roles.delete(caller.id);
      };
      response.on('close', close);
      response.on('error', close);
    },
  );
};

/** The `Last-Event-ID` header when it is one bounded string (a longer or repeated one counts as unknown, never an error). */
function lastEventIdOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || header.length > MAX_EVENT_ID_LENGTH) return '';
  return header.trim();
}
