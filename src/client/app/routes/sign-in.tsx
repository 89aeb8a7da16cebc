import { t } from '@shared/i18n/i18n.ts';
import { type FormEvent, useCallback, useState } from 'react';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@client/lib/error-message.ts';
import { AuthCard, AuthField, FormError, SubmitButton } from '@client/features/accounts/components/auth-card.tsx';
import { GoogleButton } from '@client/features/accounts/components/google-button.tsx';
import { useAuthFlows } from '@client/features/accounts/use-auth-flows.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PATHS } from '@shared/paths.ts';

/** Where a guard sent the guest from; / when none. Only paths inside the app count. */
function rememberedPath(location: Location): string {
  const from = (location.state as { from?: Partial<Location> } | null)?.from;
  const path = from?.pathname;
  if (
    typeof path !== 'string' ||
    !path.startsWith('/') ||
    path.startsWith('//') ||
    path === PATHS.signIn ||
    path === PATHS.signUp
  )
    return '/';
  return `${path}${from?.search ?? ''}${from?.hash ?? ''}`;
}

/** /signIn (docs/reference/storefront.md §2 "Sign in", §4 "Login flow"). */
export function SignInRoute() {
  useDocumentTitle(t('head.signIn', 'Sign in'));
  const flows = useAuthFlows();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const destination = rememberedPath(location);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setBusy(true);
    try {
      await flows.signIn(String(form.get('email')).trim(), String(form.get('password')));
      void navigate(destination, { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, 'the sign-in'));
    } finally {
      setBusy(false);
    }
  }

  const onGoogle = useCallback(() => {
    flows
      .completeGoogle()
      .then(() => navigate(destination, { replace: true }))
      .catch((failure: unknown) => setError(errorMessage(failure, t('head.googleSignIn', 'Google sign-in'))));
  }, [flows, navigate, destination]);

  return (
    <AuthCard title={t('account.signIn', 'Sign in')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3" aria-describedby="sign-in-note">
        <AuthField label={t('account.email', 'Email')} name="email" type="email" autoComplete="email" />
        <AuthField
          label={t('account.password', 'Password')}
          name="password"
          type="password"
          autoComplete="current-password"
        />
        <FormError message={error} />
        <SubmitButton busy={busy} />
      </form>
      <div className="divider">{t('account.or', 'OR')}</div>
      <GoogleButton onSignedIn={onGoogle} onError={setError} />
      <p id="sign-in-note" className="text-center text-sm">
        {t('account.newHere', 'New here?')}{' '}
        <Link to={PATHS.signUp} state={location.state} className="link link-primary font-semibold">
          {t('account.createAnAccount', 'Create an account')}
        </Link>
      </p>
    </AuthCard>
  );
}
