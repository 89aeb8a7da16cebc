import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/catalog-contract.ts';
import {
  accessTokenResponse,
  adminCheckResponse,
  createUserBody,
  deleteUserResponse,
  emailParams,
  emailQuery,
  insertedResponse,
  upsertUserBody,
  userIdParams,
  userListResponse,
  userRecordResponse,
} from '../../../shared/users-contract.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http-errors.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { type Access, assertCanRead, callerOf } from '../auth/access.ts';
import { identityHeaders } from '../auth/identity.routes.ts';
import type { Identity } from '../auth/identity.ts';
import { removePhoto } from '../uploads/photos.ts';
import type { UsersRepository } from './users.repository.ts';

interface UsersRoutesOptions {
  users: UsersRepository;
  identity: Identity;
  tokens: AccessTokens;
  access: Access;
  imagesDir: string;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** The users part of SPEC.md §7: server records, access tokens, the admin check and the admin's user list. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, identity, tokens, access, imagesDir }) => {
  app.decorateRequest('caller', null);

  /** The identity session behind the request's cookie, for the calls made before a token exists. */
  async function requireIdentity(request: Parameters<typeof identityHeaders>[0], email: string) {
    const session = await identity.api.getSession({ headers: identityHeaders(request) });
    if (!session) throw unauthorized('Please sign in first');
    if (session.user.email.toLowerCase() !== email) throw forbidden('You may only act for your own account');
    return session;
  }

  app.post(
    '/api/v1/users',
    { schema: { tags: ['users'], body: createUserBody, response: { 200: insertedResponse, 201: insertedResponse, ...errors } } },
    async (request, reply) => {
      const body = request.body;
      const session = await requireIdentity(request, body.email);
      const { id, created } = await users.ensure({ email: body.email, name: body.name, userImg: body.userImg, authUserId: session.user.id });
      if (!created) {
        await users.updateProfile(id, { userImg: body.userImg, authUserId: session.user.id });
        return { success: true as const, message: 'This account already has a record', insertedId: null };
      }
      return reply.status(201).send({ success: true as const, message: 'User created', insertedId: String(id) });
    },
  );

  app.put(
    '/api/v1/users',
    { schema: { tags: ['users'], body: upsertUserBody, response: { 200: insertedResponse, ...errors } } },
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
      return { success: true as const, message: created ? 'User created' : 'User updated', insertedId: created ? String(id) : null };
    },
  );

  app.get(
    '/api/v1/users/jwt',
    {
      schema: { tags: ['users'], querystring: emailQuery, response: { 200: accessTokenResponse, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { email } = request.query;
      const session = await requireIdentity(request, email);
      // The record normally exists (sign-up posts it); if that call was lost, the identity is enough to make it.
      const { id } = await users.ensure({ email, name: session.user.name || email, userImg: null, authUserId: session.user.id });
      await users.updateProfile(id, { authUserId: session.user.id });
      reply.header('cache-control', 'no-store');
      return { accessToken: await tokens.issue({ userId: id, email, sessionId: session.session.id }) };
    },
  );

  app.get(
    '/api/v1/users',
    { schema: { tags: ['users'], querystring: emailQuery, response: { 200: userRecordResponse, ...errors } }, preHandler: access.authenticate },
    async (request, reply) => {
      const { email } = request.query;
      assertCanRead(callerOf(request), email);
      const user = await users.findByEmail(email);
      if (!user) throw notFound('No user with this e-mail');
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await users.loadRecord(user) };
    },
  );

  app.get(
    '/api/v1/users/admin/:email',
    { schema: { tags: ['users'], params: emailParams, response: { 200: adminCheckResponse, ...errors } }, preHandler: access.authenticate },
    async (request) => {
      const { email } = request.params;
      assertCanRead(callerOf(request), email);
      const user = await users.findByEmail(email);
      if (!user) throw notFound('No user with this e-mail');
      return { success: true as const, isAdmin: user.role === 'admin' ? ('admin' as const) : ('user' as const) };
    },
  );

  app.get(
    '/api/v1/users/users',
    { schema: { tags: ['admin'], response: { 200: userListResponse, ...errors } }, preHandler: access.requireAdmin },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await users.list() };
    },
  );

  app.delete(
    '/api/v1/users/users/:id',
    { schema: { tags: ['admin'], params: userIdParams, response: { 200: deleteUserResponse, ...errors } }, preHandler: access.requireAdmin },
    async (request) => {
      const caller = callerOf(request);
      const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : Number.NaN;
      if (!Number.isSafeInteger(id)) throw badRequest('The user id is not valid');
      const user = await users.findById(id);
      if (!user) throw notFound('No user with this id');
      if (user.id === caller.id) throw conflict('You cannot delete your own account');
      await users.deleteCompletely(user);
      await removePhoto(imagesDir, user.user_img);
      return { success: true as const, message: `${user.name} has been deleted`, data: { deletedId: String(user.id), email: user.email } };
    },
  );
};
