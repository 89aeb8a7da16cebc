import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ROLES, type Role, roleAtLeast } from '../../../shared/constants.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { askedLanguage } from '../../http/language.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { AccessTokens } from './access-token.ts';

/**
 * Who is calling, and what they may do. Every /api/v1/users… route runs `authenticate`
 * first; the role always comes from the database, never from the request.
 */
export interface Caller {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** The identity session the access token was issued under (set by `authenticate`). */
  sessionId?: string;
  /**
   * The language the request asks for itself (`?lang=`, the `lang` cookie, a browser asking for
   * Bangla first), before the restaurant's default: what a guest's booking records for its mails.
   */
  language?: Language;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** A stored role; anything unknown counts as the least. */
export function toRole(value: string): Role {
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : 'user';
}

function sessionIsLive(expiresAt: Date | string | number): boolean {
  const time = expiresAt instanceof Date ? expiresAt.getTime() : new Date(expiresAt).getTime();
  return Number.isFinite(time) && time > Date.now();
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/.exec(header.trim()) : null;
  return match?.[1];
}

export function createAccess(db: Kysely<AppDatabase>, tokens: AccessTokens) {
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('signInFirst');
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized('sessionExpired');
    const row = await db
      .selectFrom('users')
      .innerJoin('auth_session', 'auth_session.userId', 'users.auth_user_id')
      .select(['users.id', 'users.email', 'users.name', 'users.role', 'auth_session.expiresAt'])
      .where('users.id', '=', claims.userId)
      .where('auth_session.id', '=', claims.sessionId)
      .executeTakeFirst();
    if (!row || !sessionIsLive(row.expiresAt)) throw unauthorized('sessionEnded');
    const language = askedLanguage(request);
    request.caller = {
      id: row.id,
      email: row.email,
      name: row.name,
      role: toRole(row.role),
      sessionId: claims.sessionId,
      ...(language ? { language } : {}),
    };
  }

  return {
    authenticate,

    /**
     * What a per-user rate limit counts by (the routes' keyGenerator, which runs before
     * `authenticate`): the account a valid token names, so that every token and session of one
     * account share one allowance; the client address for anything else (no token, a bad one),
     * whose request `authenticate` then refuses.
     */
    async limitKey(request: FastifyRequest): Promise<string> {
      const token = bearerToken(request);
      const claims = token ? await tokens.verify(token) : null;
      return claims ? `user:${claims.userId}` : `address:${request.ip}`;
    },

    async requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (!request.caller) await authenticate(request, reply);
      if (request.caller?.role !== 'admin') throw forbidden('onlyAdmins');
    },

    /** Staff or administrators: the kitchen, the book, availability. */
    async requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (!request.caller) await authenticate(request, reply);
      if (!request.caller || !roleAtLeast(request.caller.role, 'staff')) throw forbidden('onlyStaff');
    },
  };
}

export type Access = ReturnType<typeof createAccess>;

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** Reading: the owner, or an administrator. */
export function assertCanRead(caller: Caller, email: string): void {
  if (caller.email !== email.toLowerCase() && caller.role !== 'admin') {
    throw forbidden('ownRecordsSee');
  }
}

/** Changing: the owner only. */
export function assertIsOwner(caller: Caller, email: string): void {
  if (caller.email !== email.toLowerCase()) throw forbidden('ownRecordsChange');
}

/** The e-mail of the query or body must be the caller's, and so must userGmail when the client sends it. */
export function assertActsForSelf(caller: Caller, email: string, userGmail?: string): void {
  assertIsOwner(caller, email);
  if (userGmail !== undefined && userGmail !== caller.email) throw forbidden('usergmailYourOwnEMail');
}
