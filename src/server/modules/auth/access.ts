import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ROLES, type Role, roleAtLeast } from '../../../shared/constants.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { askedLanguage } from '../../http/language.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { precompiled } from '../../db/precompiled.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { askedBranch } from '../../http/request-branch.ts';
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
  /**
   * The branches a staff member or administrator holds their role at (ids); null: every branch
   * (an administrator without a list is a brand admin). Read from the database with the role.
   */
  branches: number[] | null;
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

/** A stored list of branches (a JSON array of ids); anything else, or none, is every branch. */
export function toBranches(value: string | null): number[] | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((id) => Number.isInteger(id)) ? (parsed as number[]) : null;
  } catch {
    return null;
  }
}

/** Whether the caller works for the whole brand: a guest, or staff and administrators without a list of branches. */
export const holdsEveryBranch = (caller: Caller): boolean => caller.branches === null;

/** The token of an `Authorization: Bearer …` header, or undefined. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/.exec(header.trim()) : null;
  return match?.[1];
}

/** The user a token names, with the expiry of the session it was issued under (every signed-in request's read). */
const callerRow = precompiled(2, (db, userId: number, sessionId: string) =>
  db
    .selectFrom('users')
    .innerJoin('auth_session', 'auth_session.userId', 'users.auth_user_id')
    .select(['users.id', 'users.email', 'users.name', 'users.role', 'users.branches', 'auth_session.expiresAt'])
    .where('users.id', '=', userId)
    .where('auth_session.id', '=', sessionId),
);

export function createAccess(db: Kysely<AppDatabase>, tokens: AccessTokens) {
  /**
   * The request's branch (request-branch.ts), handed in once the branches are known. For a
   * caller whose role is held at a list of branches it is resolved in the access check, so that
   * another branch is refused (403) before anything is validated or read: on a staff route
   * always, on any other signed-in route when it names a branch (`?branch=`).
   */
  let branchOf: ((request: FastifyRequest) => Promise<unknown>) | undefined;
  async function heldHere(request: FastifyRequest): Promise<void> {
    if (request.caller?.branches && branchOf) await branchOf(request);
  }

  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('signInFirst');
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized('sessionExpired');
    const [row] = (await callerRow(db, claims.userId, claims.sessionId)).rows;
    if (!row || !sessionIsLive(row.expiresAt)) throw unauthorized('sessionEnded');
    const language = askedLanguage(request);
    const role = toRole(row.role);
    request.caller = {
      id: row.id,
      email: row.email,
      name: row.name,
      role,
      // A guest's role holds nowhere in particular: guests are the brand's.
      branches: role === 'user' ? null : toBranches(row.branches),
      sessionId: claims.sessionId,
      ...(language ? { language } : {}),
    };
    if (request.caller.branches && askedBranch(request.url) !== undefined) await heldHere(request);
  }

  return {
    authenticate,

    /** Hands in how a request's branch is found (app-routes.ts, once the branches service exists). */
    resolveBranchesWith(resolve: (request: FastifyRequest) => Promise<unknown>): void {
      branchOf = resolve;
    },

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
      await heldHere(request);
    },

    /** A brand admin: an administrator without a list of branches (branches, the menu's dishes, roles, the brand's day). */
    async requireBrandAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (!request.caller) await authenticate(request, reply);
      if (request.caller?.role !== 'admin') throw forbidden('onlyAdmins');
      if (!holdsEveryBranch(request.caller)) throw forbidden('onlyBrandAdmins');
    },

    /** Staff or administrators: the kitchen, the book, availability. */
    async requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (!request.caller) await authenticate(request, reply);
      if (!request.caller || !roleAtLeast(request.caller.role, 'staff')) throw forbidden('onlyStaff');
      await heldHere(request);
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
