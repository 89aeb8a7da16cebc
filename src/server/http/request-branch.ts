import type { FastifyRequest } from 'fastify';
import { type BranchId, asBranchId } from '../db/branch.ts';
import { HttpError, notFound } from './errors.ts';
import type { BranchDirectory } from '../modules/branches/branches.service.ts';

/**
 * The branch a request is at (docs/reference/branches.md "The API", decision 062): `?branch=`
 * (a slug or an id; an unknown one answers 404, an archived one 410), else the guest's `branch`
 * cookie (a stale one, naming a branch gone or archived, is passed over), else the brand's
 * first open branch by position. A staff member's own branch comes before the cookie once roles
 * are held at branches (phase 3). Worked out once a request, and only by the routes of
 * branch-scoped data that ask: the brand's own routes (sign-in, favourites) never read it.
 */
export type BranchOf = (request: FastifyRequest) => Promise<BranchId>;

const BRANCH_COOKIE = /(?:^|;\s*)branch=([^;]*)/;

/** What the request names itself: `?branch=` (its last value, trimmed), if any. */
function askedBranch(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query < 0 || !url.includes('branch=', query)) return undefined;
  const asked = new URLSearchParams(url.slice(query + 1)).getAll('branch').at(-1)?.trim();
  return asked ? asked : undefined;
}

function cookieBranch(header: string | undefined): string | undefined {
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
    const asked = askedBranch(request.url);
    if (asked !== undefined) {
      // A name the directory does not know may be a branch made since: asked again, read afresh.
      const row = branches.find(asked) ?? (await directory(true)).find(asked);
      if (!row) throw notFound('noSuchBranch');
      if (row.archived_at !== null) throw new HttpError(410, 'branchHasClosed');
      return asBranchId(row.id);
    }
    const chosen = cookieBranch(request.headers.cookie);
    const kept = chosen === undefined ? undefined : branches.find(chosen);
    if (kept && kept.archived_at === null) return asBranchId(kept.id);
    // Every branch archived: the brand has closed its doors.
    if (!branches.firstOpen) throw new HttpError(410, 'branchHasClosed');
    return asBranchId(branches.firstOpen.id);
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
