import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailQuery, errorResponses } from '../../../shared/contract/common.ts';
import {
  accessTokenResponse,
  adminCheckResponse,
  heldBranchesResponse,
  createUserBody,
  emailParams,
  insertedResponse,
  upsertUserBody,
  userRecordResponse,
} from '../../../shared/contract/users.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import {
  type Access,
  type AccessTokens,
  type Identity,
  assertCanRead,
  callerOf,
  identitySession,
  toRole,
} from '../auth/auth.service.ts';
import type { LanguageOf } from '../../http/language.ts';
import type { AccountsService } from './accounts.service.ts';
import { answerMessage } from '../../http/language.ts';

interface UsersRoutesOptions {
  users: AccountsService;
  identity: Identity;
  tokens: AccessTokens;
  access: Access;
  /** The request's language: the record's copies name their dishes in it (decision 050). */
  language: LanguageOf;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/** The users part of docs/reference/storefront.md §7: server records, access tokens and the admin check. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { users, identity, tokens, access, language },
) => {
  /** The identity session behind the request's cookie, for the calls made before a token exists. */
  async function requireIdentity(request: Parameters<typeof identitySession>[1], email: string) {
    const session = await identitySession(identity, request);
    if (!session) throw unauthorized('signInFirst');
    if (session.user.email.toLowerCase() !== email) throw forbidden('ownAccount');
    return session;
  }

  app.post(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        operationId: 'createUserRecord',
        summary: 'Create the server record of the signed-in identity (session cookie)',
        security: [{ identitySession: [] }],
        body: createUserBody,
        response: { 200: insertedResponse, 201: insertedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const session = await requireIdentity(request, body.email);
      const { id, created } = await users.ensure({
        email: body.email,
        name: body.name,
        userImg: body.userImg,
        authUserId: session.user.id,
      });
      if (!created) {
        await users.updateProfile(id, { userImg: body.userImg, authUserId: session.user.id });
        return { success: true as const, message: answerMessage(request, 'accountAlreadyHasRecord'), insertedId: null };
      }
      return reply
        .status(201)
        .send({ success: true as const, message: answerMessage(request, 'userCreated'), insertedId: String(id) });
    },
  );

  app.put(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        operationId: 'upsertUserRecord',
        summary: 'Create or update the server record after a Google sign-in (session cookie)',
        security: [{ identitySession: [] }],
        body: upsertUserBody,
        response: { 200: insertedResponse, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const session = await requireIdentity(request, body.email);
      const { id, created } = await users.ensure({
        email: body.email,
        name: body.name,
        userImg: null,
        authUserId: session.user.id,
      });
      await users.updateProfile(id, { name: body.name, authUserId: session.user.id });
      return {
        success: true as const,
        message: created ? answerMessage(request, 'userCreated') : answerMessage(request, 'userUpdated'),
        insertedId: created ? String(id) : null,
      };
    },
  );

  app.get(
    '/api/v1/users/jwt',
    {
      schema: {
        tags: ['users'],
        operationId: 'issueAccessToken',
        summary: 'Issue an access token for the signed-in identity (session cookie)',
        security: [{ identitySession: [] }],
        querystring: emailQuery,
        response: { 200: accessTokenResponse, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { email } = request.query;
      const session = await requireIdentity(request, email);
      // The record normally exists (sign-up posts it); if that call was lost, the identity is enough to make it.
      const { id } = await users.ensure({
        email,
        name: session.user.name || email,
        userImg: null,
        authUserId: session.user.id,
      });
      await users.updateProfile(id, { authUserId: session.user.id });
      reply.header('cache-control', 'no-store');
      return { accessToken: await tokens.issue({ userId: id, email, sessionId: session.session.id }) };
    },
  );

  app.get(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        operationId: 'getUserRecord',
        summary: 'A user record with its orders, favourites and reports (own, or any for an admin)',
        security: [{ bearer: [] }],
        querystring: emailQuery,
        response: { 200: userRecordResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const { email } = request.query;
      assertCanRead(callerOf(request), email);
      const user = await users.byEmailOrThrow(email);
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await users.record(user, await language(request)) };
    },
  );

  app.get(
    '/api/v1/users/admin/:email',
    {
      schema: {
        tags: ['users'],
        operationId: 'checkAdmin',
        summary: 'Whether a user is an administrator',
        security: [{ bearer: [] }],
        params: emailParams,
        response: { 200: adminCheckResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request) => {
      const { email } = request.params;
      assertCanRead(callerOf(request), email);
      const user = await users.byEmailOrThrow(email);
      const role = toRole(user.role);
      return { success: true as const, isAdmin: role === 'admin' ? ('admin' as const) : ('user' as const), role };
    },
  );

  app.get(
    '/api/v1/users/branches',
    {
      schema: {
        tags: ['users'],
        operationId: 'heldBranches',
        summary: "The branches the caller's role is held at (null: every branch)",
        security: [{ bearer: [] }],
        response: { 200: heldBranchesResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: { branches: callerOf(request).branches?.map(String) ?? null } };
    },
  );
};
