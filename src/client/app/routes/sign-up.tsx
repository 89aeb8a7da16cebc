import { t } from '@shared/i18n/i18n.ts';
import { MIN_PASSWORD_LENGTH } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@client/lib/error-message.ts';
import { AuthCard, AuthField, FormError, SubmitButton } from '@client/features/accounts/components/auth-card.tsx';
import { useAuthFlows } from '@client/features/accounts/use-auth-flows.ts';
import { showAlert } from '@client/lib/dialogs.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PATHS } from '@shared/paths.ts';
import { useNumbers } from '@client/data/restaurant.ts';

/** The server's photo limit (2 MB, images only), checked here first so nothing is created for a bad photo. */
const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

function photoProblem(file: File | null): string | null {
  if (!file) return null;
  if (!file.type.startsWith('image/'))
    return t('account.photoMustBeImage', 'The photo must be an image (JPEG, PNG, WebP, GIF or AVIF).');
  if (file.size > MAX_PHOTO_BYTES) return t('account.photoTooBig', 'The photo must be at most 2 MB.');
  return null;
}

/** /signUp (docs/reference/storefront.md §2 "Sign up", §4 "Sign-up flow", §5). */
export function SignUpRoute() {
  useDocumentTitle(t('head.signUp', 'Sign up'));
  const flows = useAuthFlows();
  const { number } = useNumbers();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    setError(null);
    if (password.length < MIN_PASSWORD_LENGTH) {
      void showAlert(TEXT.passwordTooShort);
      return;
    }
    const picked = form.get('photo');
    const photo = picked instanceof File && picked.size > 0 ? picked : null;
    const problem = photoProblem(photo);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await flows.signUp({
        name: String(form.get('name')).trim(),
        email: String(form.get('email')).trim(),
        password,
        photo,
      });
      void navigate('/', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, 'the sign-up'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('account.signUp', 'Sign up')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate={false}>
        <AuthField
          label={t('account.fullName', 'Full Name')}
          name="name"
          type="text"
          autoComplete="name"
          maxLength={100}
        />
        <AuthField label={t('account.email', 'Email')} name="email" type="email" autoComplete="email" />
        <AuthField
          label={t('account.password', 'Password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('account.passwordHint', 'At least {{length}} characters.', { length: number(MIN_PASSWORD_LENGTH) })}
        />
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t('account.uploadPhoto', 'Upload Photo')}</span>
          <input name="photo" type="file" accept="image/*" className="file-input w-full" />
        </label>
        <FormError message={error} />
        <SubmitButton busy={busy} />
      </form>
      <p className="text-center text-sm">
        {t('account.alreadyHaveAccount', 'Already have an account?')}{' '}
        <Link to={PATHS.signIn} className="link link-primary font-semibold">
          {t('account.signIn', 'Sign in')}
        </Link>
      </p>
    </AuthCard>
  );
}
