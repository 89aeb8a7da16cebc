import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { providersResponse } from '../../../shared/contract/auth.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { HttpError } from '../../http/errors.ts';
import { AUTH_BASE_PATH, type Identity } from './identity.ts';
import type { SignInLimiter } from './sign-in-limits.ts';

/** No identity call nests its JSON deeper than this. */
const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing it. */
function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, (depth += 1));
    else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/** The e-mail a sign-in body names, lower-cased; undefined when there is none to count by. */
function signInEmail(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  try {
    const email = (JSON.parse(body) as { email?: unknown }).email;
    return typeof email === 'string' && email.length <= 254 ? email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** The request's headers for an identity call, with the client address Fastify saw (never one the client sent). */
export function identityHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Identity calls that can end sessions (Better Auth's paths under /api/auth). */
const SESSION_ENDING_PATHS = new Set(
  ['/sign-out', '/revoke-session', '/revoke-sessions', '/revoke-other-sessions', '/change-password'].map(
    (path) => `${AUTH_BASE_PATH}${path}`,
  ),
);

/**
 * Mounts the identity layer's own handler on /api/auth/* (Better Auth has no Fastify
 * plugin; this is its documented catch-all). The client address it rate-limits by is
 * the one Fastify saw, never a header the client sent.
 */
export async function identityRoutes(
  app: FastifyInstance,
  options: {
    identity: Identity;
    publicUrl: string;
    googleEnabled: boolean;
    signInLimiter: SignInLimiter;
    /** The session ids of an identity now. */
    sessionIds: (authUserId: string) => Promise<string[]>;
    /** After a call ended sessions (sign-out, revocation): what they were allowed ends too (their live event streams, on every server). */
    onSessionsEnded: (sessionIds: string[]) => Promise<void>;
  },
): Promise<void> {
  const { identity, publicUrl, googleEnabled, signInLimiter, sessionIds, onSessionsEnded } = options;

  /** The caller's sessions before a call that may end some of them. */
  async function sessionsBefore(request: FastifyRequest): Promise<{ authUserId: string; ids: string[] } | undefined> {
    const session = await identity.api.getSession({ headers: identityHeaders(request) }).catch(() => null);
    return session ? { authUserId: session.user.id, ids: await sessionIds(session.user.id) } : undefined;
  }

  /** Which sign-in methods this server offers, so the client can say when Google is not set up. */
  app.get(
    '/api/v1/auth/providers',
    {
      schema: {
        tags: ['identity'],
        operationId: 'listSignInProviders',
        summary: 'Which sign-in methods this server offers',
        security: [],
        response: { 200: providersResponse, ...errorResponses(429) },
      },
    },
    async () => ({ success: true as const, google: googleEnabled }),
  );

  // OAuth providers may post their answer back as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, body);
    },
  );
  // JSON is handed to the identity layer as the text that arrived (never parsed and written
  // again here), after a check of its nesting: 50,000 "[" would overflow the stack of
  // whatever walks it, so anything nested deeper than any identity call needs is refused.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestingDepth(text) > MAX_JSON_DEPTH) {
      done(new HttpError(400, 'requestBodyNestedTooDeeply'), undefined);
      return;
    }
    done(null, text);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, publicUrl);
      const body =
        request.method !== 'GET' && typeof request.body === 'string' && request.body !== '' ? request.body : undefined;
      // E-mail sign-ins are limited by failures per account and address (sign-in-limits.ts).
      const signIn =
        url.pathname === `${AUTH_BASE_PATH}/sign-in/email` && request.method === 'POST' ? signInEmail(body) : undefined;
      if (signIn !== undefined) {
        const wait = await signInLimiter.retryAfter(signIn, request.ip);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new HttpError(429, 'tooManyFailedSignIns', {
            v0: wait > 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`,
          });
        }
      }
      const before =
        request.method === 'POST' && SESSION_ENDING_PATHS.has(url.pathname) ? await sessionsBefore(request) : undefined;
      const response = await identity.handler(
        new Request(url, {
          method: request.method,
          headers: identityHeaders(request),
          ...(body !== undefined ? { body } : {}),
        }),
      );
      if (signIn !== undefined) {
        if (response.status === 401) await signInLimiter.failed(signIn, request.ip);
        else if (response.ok) await signInLimiter.succeeded(signIn, request.ip);
      }
      if (before && response.ok) {
        const remaining = new Set(await sessionIds(before.authUserId));
        const ended = before.ids.filter((id) => !remaining.has(id));
        if (ended.length > 0) await onSessionsEnded(ended);
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      // OAuth redirects pass through here inside the Google popup, which must keep its opener.
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      const text = response.body ? await response.text() : '';
      return reply.send(text === '' ? undefined : text);
    },
  });
}
