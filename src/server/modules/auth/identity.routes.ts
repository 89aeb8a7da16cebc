import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { providersResponse } from '../../../shared/contract/auth.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import type { Identity } from './identity.ts';

/**
 * Mounts the identity layer's own handler on /api/auth/* (Better Auth has no Fastify
 * plugin; this is its documented catch-all). The client address it rate-limits by is
 * the one Fastify saw, never a header the client sent.
 */
export function identityHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

export async function identityRoutes(
  app: FastifyInstance,
  options: { identity: Identity; publicUrl: string; googleEnabled: boolean },
): Promise<void> {
  const { identity, publicUrl, googleEnabled } = options;

  /** Which sign-in methods this server offers, so the client can say when Google is not set up. */
  app.get(
    '/api/v1/auth/providers',
    { schema: { tags: ['identity'], operationId: 'listSignInProviders', summary: 'Which sign-in methods this server offers', security: [], response: { 200: providersResponse, ...errorResponses(429) } } },
    async () => ({ success: true as const, google: googleEnabled }),
  );

  // OAuth providers may post their answer back as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, body);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, publicUrl);
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      const body = hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined;
      const response = await identity.handler(
        new Request(url, { method: request.method, headers: identityHeaders(request), ...(body !== undefined ? { body } : {}) }),
      );
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
