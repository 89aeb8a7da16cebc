import { t } from '@shared/i18n/i18n.ts';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** The frame of the sign-in and sign-up forms. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16" aria-labelledby="auth-title">
      <div className="card border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-4">
          <h1 id="auth-title" className="card-title font-display text-3xl">
            {title}
          </h1>
          {children}
        </div>
      </div>
    </section>
  );
}

export function FormError({ message }: { message: string | null }) {
  return (
    <div aria-live="assertive" className="min-h-0">
      {message ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** A required text field with a floating label, as both forms use them. */
export function AuthField({
  label,
  hint,
  ...input
}: { label: string; name: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const hintId = useId();
  // A label always in sight above the field (not a placeholder that vanishes as one types),
  // and the field's rule, when it has one, said before the form is sent.
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{label}</span>
        <input required className="input w-full" aria-describedby={hint ? hintId : undefined} {...input} />
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-base-content/80">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The forms' Submit button, with a spinner while the flow runs. */
export function SubmitButton({ busy }: { busy: boolean }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {t('account.submit', 'Submit')}
    </button>
  );
}
