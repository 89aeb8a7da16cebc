import { t } from '@shared/i18n/i18n.ts';
import type { Product } from '@shared/contract/catalog.ts';
import { MAX_REPORT_TEXT_LENGTH } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import { type FormEvent, useId, useState } from 'react';
import { useAuth } from '@client/data/account-session.tsx';
import { showSuccess } from '@client/lib/dialogs.ts';
import { useOwnRecord } from '@client/data/account-record.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { hasReported, reportEntry, useAddReport } from '../api/dish-reports.ts';
import { SignInLink } from '@client/components/ui/sign-in-link.tsx';

/**
 * The dish page's report form (docs/reference/storefront.md §4 "Report button"): required text; the button reads
 * Report Submit, or Allready Reported (disabled) once this guest has reported the dish.
 * A success dialog follows and the form is cleared. Signed out, it leads to sign-in.
 */
export function ReportForm({ product }: { product: Product }) {
  const { status, user } = useAuth();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-200/60 p-5">
      <h2 id={headingId} className="mb-2 text-lg font-bold">
        {t('dish.reportThisDish', 'Report this dish')}
      </h2>
      {user ? (
        <SignedInReportForm product={product} email={user.email} />
      ) : status === 'loading' ? (
        <p className="text-base-content/80">{TEXT.loading}</p>
      ) : (
        <>
          <p className="mb-3 text-base-content/80">
            {t('dish.somethingWrongWithThisDish', 'Something wrong with this dish? Sign in and tell us.')}
          </p>
          <SignInLink className="btn btn-outline">
            {t('dish.signInToReportThis', 'Sign in to report this dish')}
          </SignInLink>
        </>
      )}
    </section>
  );
}

function SignedInReportForm({ product, email }: { product: Product; email: string }) {
  const record = useOwnRecord();
  const add = useAddReport();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const reported = hasReported(record.data?.reports, product._id);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reportText = text.trim();
    if (!reportText) {
      setError(t('dish.reportRequired', 'Please write what was wrong with this dish.'));
      return;
    }
    setError(null);
    try {
      const answer = await add.mutateAsync({ email, entry: reportEntry(product, reportText, email) });
      setText('');
      void showSuccess(answer.message);
    } catch (failure) {
      setError(errorMessage(failure, t('dish.yourReport', 'your report')));
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <label htmlFor={fieldId} className="text-base-content/80">
        {t('dish.tellUsWhatWasWrong', 'Tell us what was wrong with {{dish}}.', { dish: product.name })}
      </label>
      {reported ? (
        <p className="font-medium">
          {t('dish.youHaveReportedThisDish', 'You have reported this dish. Thank you, we are looking into it.')}
        </p>
      ) : null}
      <textarea
        id={fieldId}
        name="reportText"
        required
        maxLength={MAX_REPORT_TEXT_LENGTH}
        rows={3}
        className="textarea w-full"
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={reported}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary w-fit"
        disabled={reported || add.isPending}
        aria-busy={add.isPending}
      >
        {reported ? TEXT.allreadyReported : TEXT.reportSubmit}
      </button>
    </form>
  );
}
