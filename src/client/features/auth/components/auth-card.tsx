import type { ReactNode } from 'react';

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
