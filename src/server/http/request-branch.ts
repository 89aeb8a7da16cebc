import type { FastifyRequest } from 'fastify';
import { type BranchId, asBranchId } from '../db/branch.ts';
import { HttpError, forbidden, notFound } from './errors.ts';
import type { BranchDirectory } from '../modules/branches/branches.service.ts';

/**
 * The branch a request is at (docs/reference/branches.md "The API", decision 062): `?branch=`
 * (a slug or an id; an unknown one answers 404, an archived one 410), else the guest's `branch`
 * cookie (a stale one, naming a branch gone or archived, is passed over), else the brand's
 * first open branch by position. A caller whose role is held at a list of branches (staff or a
 * branch admin) is kept to them: another branch named answers 403 on any route that reads
 * branch-scoped data (guest routes too: such an account orders and books where it works), and
 * without a name they are at the cookie's branch if it is theirs, else at their first open one.
 * Routes read it after their access check, so the caller is known. Worked out once a request, and only by the routes of
 * branch-scoped data that ask: the brand's own routes (sign-in, favourites) never read it.
 */
export type BranchOf = (request: FastifyRequest) => Promise<BranchId>;

const BRANCH_COOKIE = /(?:^|;\s*)branch=([^;]*)/;

/** What the request names itself: `?branch=` (its last value, trimmed), if any. */
export function askedBranch(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query < 0 || !url.includes('branch=', query)) return undefined;
  const asked = new URLSearchParams(url.slice(query + 1)).getAll('branch').at(-1)?.trim();
  return asked ? asked : undefined;
}

/** The guest's chosen branch as the `branch` cookie names it, if any. */
export function cookieBranch(header: string | undefined): string | undefined {
  const value = header ? BRANCH_COOKIE.exec(header)?.[1]?.trim() : undefined;
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function createBranchOf(directory: (fresh?: boolean) => Promise<BranchDirectory>): BranchOf {
  const resolved = new WeakMap<FastifyRequest, Promise<BranchId>>();

  async function resolve(request: FastifyRequest): Promise<BranchId> {
    const branches = await directory();
    // A staff member or branch admin with a list of branches works there only (decision 062):
    // another branch answers 403, and a request that names none is at one of theirs.
    const held = request.caller?.branches ?? null;
    const asked = askedBranch(request.url);
    if (asked !== undefined) {
      // `all` is the brand (the day report's `branch=all`), never a branch: for brand admins only.
      if (asked === 'all') throw held ? forbidden('onlyBrandAdmins') : notFound('noSuchBranch');
      // A name the directory does not know may be a branch made since: asked again, read afresh.
      const row = branches.find(asked) ?? (await directory(true)).find(asked);
      if (!row) throw notFound('noSuchBranch');
      if (held && !held.includes(row.id)) throw forbidden('notYourBranch');
      if (row.archived_at !== null) throw new HttpError(410, 'branchHasClosed');
      return asBranchId(row.id);
    }
    const chosen = cookieBranch(request.headers.cookie);
    const kept = chosen === undefined ? undefined : branches.find(chosen);
    if (kept && kept.archived_at === null && (!held || held.includes(kept.id))) return asBranchId(kept.id);
    const first = held ? branches.open.find((row) => held.includes(row.id)) : branches.open[0];
    // Every branch archived (or every one of the caller's): closed doors.
    if (!first) throw new HttpError(410, 'branchHasClosed');
    return asBranchId(first.id);
  }

  return (request) => {
    let branch = resolved.get(request);
    if (!branch) {
      branch = resolve(request);
      resolved.set(request, branch);
    }
    return branch;
  };
}
