import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TEXT } from '@shared/texts.ts';
import { fetchAccessToken, removeAccessToken } from '@client/lib/access-token.ts';
import { useAuth } from '@client/data/account-session.tsx';
import { showSuccess } from '@client/lib/dialogs.ts';
import {
  createIdentity,
  createUserRecord,
  signInWithEmail,
  signOutIdentity,
  updateIdentityProfile,
  uploadPhoto,
  upsertUserRecord,
} from './api/identity.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The flows of docs/reference/storefront.md §4 as one hook: each step in the spec's order, ending with the
 * spec's success dialog. Errors are thrown to the form, which shows them.
 */
export function useAuthFlows() {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();

  return useMemo(
    () => ({
      /** Login flow: sign in, request the token, store it (then the page navigates away). */
      async signIn(email: string, password: string): Promise<void> {
        await signInWithEmail(email, password);
        await refresh();
        void showSuccess(TEXT.loginSuccess);
      },

      /** Sign-up flow: (password already checked) photo, account, profile, server record, token. */
      async signUp(input: { name: string; email: string; password: string; photo: File | null }): Promise<void> {
        await createIdentity(input.name, input.email, input.password);
        let userImg = '';
        if (input.photo) {
          userImg = await uploadPhoto(input.photo);
          await updateIdentityProfile({ image: userImg });
        }
        await createUserRecord({
          name: input.name,
          email: input.email,
          password: input.password,
          userImg,
          role: 'user',
          orders: [],
          favorite: [],
          reports: [],
        });
        await fetchAccessToken(input.email);
        await refresh();
        void showSuccess(TEXT.createAccountSuccess);
      },

      /** After the Google popup: upsert the server record, request the token. */
      async completeGoogle(): Promise<void> {
        const user = await refresh();
        if (!user) throw new Error(t('account.googleIncomplete', 'Google sign-in did not complete. Please try again.'));
        await upsertUserRecord(user.displayName || user.email, user.email);
        await fetchAccessToken(user.email);
        void showSuccess(TEXT.googleLoginSuccess);
      },

      /** Log-out: remove the token, end the session (which revokes the token on the server). */
      async logOut(): Promise<void> {
        removeAccessToken();
        try {
          await signOutIdentity();
        } finally {
          queryClient.removeQueries({ queryKey: ['user-record'] });
          queryClient.removeQueries({ queryKey: ['admin-check'] });
          // A shared tablet forgets what it kept of the account's reads for offline (docs/decisions/044).
          void import('@client/lib/offline-store.ts').then((store) => store.forgetSnapshots()).catch(() => {});
          await refresh();
        }
        void showSuccess(TEXT.logoutSuccess);
      },
    }),
    [refresh, queryClient],
  );
}
