import { t } from '@shared/i18n/i18n.ts';
import { useRestaurantTime } from '@client/data/restaurant.ts';
import { showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { usePrintJobs, useReprint } from '../api/printers.ts';

/** A job's state in the page's language (a state not known is shown as it is). */
const jobStatus = (status: string): string =>
  (
    ({
      queued: t('printers.jobQueued', 'queued'),
      sent: t('printers.jobSent', 'sent'),
      printed: t('printers.jobPrinted', 'printed'),
      failed: t('printers.jobFailed', 'failed'),
    }) as Record<string, string>
  )[status] ?? status;

/** A printer's latest jobs, each with its status and "Reprint" (a copy marked REPRINT). */
export function PrintJobs({ printerId, printerName }: { printerId: string; printerName: string }) {
  const time = useRestaurantTime();
  const jobs = usePrintJobs(printerId, true);
  const reprint = useReprint();
  if (jobs.isPending) return <p role="status">{t('printers.loadingJobs', 'Loading the jobs…')}</p>;
  if (!jobs.data || jobs.data.length === 0) return <p>{t('printers.noJobs', 'No jobs yet.')}</p>;
  return (
    <table className="table table-sm" aria-label={t('printers.jobsOf', 'Jobs of {{name}}', { name: printerName })}>
      <thead>
        <tr>
          <th>{t('printers.job', 'Job')}</th>
          <th>{t('printers.made', 'Made')}</th>
          <th>{t('printers.status', 'Status')}</th>
          <th>
            <span className="sr-only">{t('printers.actions', 'Actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {jobs.data.map((job) => (
          <tr key={job._id}>
            <td>
              {job.title}
              {job.reprint ? ` (${t('printers.reprintMark', 'REPRINT')})` : ''}
            </td>
            <td>{time(job.createdAt)}</td>
            <td>{jobStatus(job.status)}</td>
            <td>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={reprint.isPending}
                onClick={() =>
                  void reprint
                    .mutateAsync(job._id)
                    .then((answer) => showDone(answer.message))
                    .catch((error: unknown) =>
                      showAlert(errorMessage(error, t('printers.theReprint', 'the reprint')), 'error'),
                    )
                }
              >
                {t('printers.reprint', 'Reprint')}
                <span className="sr-only"> {job.title}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
