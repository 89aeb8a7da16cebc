import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useContext, useMemo } from 'react';
import { setTokenOwner } from '@client/lib/access-token.ts';
import { apiRequest } from '@client/lib/api-client.ts';
import { BROWSER_ONLY, useHydrated } from '@client/lib/hydration.ts';

/**
 * Who is signed in (docs/reference/storefront.md §4 "Auth state"): loading, then a user or none, read from the
 * identity session cookie when the page loads, so a reload keeps the guest signed in.
 * The shape is the spec's authenticated identity: displayName, photoURL, email, uid.
 */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

interface IdentitySession {
  user: { id: string; email: string; name: string; image?: string | null };
}

export async function getIdentitySession(signal?: AbortSignal): Promise<AuthUser | null> {
  const session = await apiRequest<IdentitySession | null>('/api/auth/get-session', { signal });
  const user = session?.user?.email
    ? { uid: session.user.id, email: session.user.email.toLowerCase(), displayName: session.user.name, photoURL: session.user.image ?? null }
    : null;
  // Known before any component renders with this user, so its first authorised call can fetch a token.
  setTokenOwner(user?.email ?? null);
  return user;
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: ({ signal }) => getIdentitySession(signal),
  // Pages rendered on the server are everyone's: the signed-in parts fill in after hydration.
  meta: BROWSER_ONLY,
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: true,
  retry: 1,
});

interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** Re-reads the identity session (after sign-in, sign-up, Google or sign-out). */
  refresh(): Promise<AuthUser | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions);
  // On a page the server rendered, the answer (asked for before the hydration) is applied once
  // the hydration phase is over: until then every part hydrates as the server drew it, without
  // anyone signed in, whether React reaches that part before the answer or after it.
  const known = useHydrated() && !session.isPending;
  const user = known ? (session.data ?? null) : null;
  // A failed session read (server down) counts as signed out rather than an endless spinner.
  const status: AuthStatus = !known ? 'loading' : user ? 'signed-in' : 'signed-out';

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      // A read still in flight began before the change (say, the first one, when a sign-in
      // held until the app ran is sent right after the hydration): fetchQuery would hand back
      // its answer, from before the cookie. Cancel it and read again.
      refresh: async () => {
        await queryClient.cancelQueries({ queryKey: sessionQueryOptions.queryKey });
        return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
      },
    }),
    [status, user, queryClient],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
