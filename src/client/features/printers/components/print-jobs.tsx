import { PRINTER_TEXTS } from '@shared/contract/values.ts';
import { showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { restaurantTime } from '@client/lib/clock.ts';
import { usePrintJobs, useReprint } from '../api/printers.ts';

/** A printer's latest jobs, each with its status and "Reprint" (a copy marked REPRINT). */
export function PrintJobs({ printerId, printerName, timeZone }: { printerId: string; printerName: string; timeZone: string }) {
  const jobs = usePrintJobs(printerId, true);
  const reprint = useReprint();
  if (jobs.isPending) return <p role="status">Loading the jobs…</p>;
  if (!jobs.data || jobs.data.length === 0) return <p>No jobs yet.</p>;
  return (
    <table className="table table-sm" aria-label={`Jobs of ${printerName}`}>
      <thead>
        <tr>
          <th>Job</th>
          <th>Made</th>
          <th>Status</th>
          <th>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {jobs.data.map((job) => (
          <tr key={job._id}>
            <td>
              {job.title}
              {job.reprint ? ` (${PRINTER_TEXTS.reprint})` : ''}
            </td>
            <td>{restaurantTime(job.createdAt, timeZone)}</td>
            <td>{job.status}</td>
            <td>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={reprint.isPending}
                onClick={() =>
                  void reprint
                    .mutateAsync(job._id)
                    .then((answer) => showDone(answer.message))
                    .catch((error: unknown) => showAlert(errorMessage(error, 'the reprint'), 'error'))
                }
              >
                {PRINTER_TEXTS.reprintButton}
                <span className="sr-only"> {job.title}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
