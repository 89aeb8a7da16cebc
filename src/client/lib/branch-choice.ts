/** The cookie the server reads a guest's chosen branch from (src/server/http/request-branch.ts). */
export const BRANCH_COOKIE = 'branch';

/** A year: the guest's choice outlives the visit. */
const KEEP_SECONDS = 365 * 24 * 3600;

/** The slug (or id) of the branch the guest chose, if any (undefined on the server). */
export function chosenBranch(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = /(?:^|;\s*)branch=([^;]*)/.exec(document.cookie);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * Keeps the guest's branch (docs/reference/branches.md "Guests": the choice is kept in a cookie)
 * and loads `to` afresh from the server, which reads every branch-scoped answer at it: the
 * menu's, the settings', the hours' (as a change of language does).
 */
export function chooseBranch(slug: string, to: string): void {
  document.cookie = `${BRANCH_COOKIE}=${encodeURIComponent(slug)}; path=/; max-age=${KEEP_SECONDS}; samesite=lax`;
  window.location.assign(to);
}
