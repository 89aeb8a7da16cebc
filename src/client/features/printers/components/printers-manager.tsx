import type { PrinterView } from '@shared/contract/printers.ts';
import { useState } from 'react';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { useRestaurant } from '@client/data/restaurant.ts';
import { restaurantTime } from '@client/lib/clock.ts';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useAddPrinter, useDeletePrinter, usePrinters, useRenewSecret, useTestPage, useUpdatePrinter } from '../api/printers.ts';
import { PrintJobs } from './print-jobs.tsx';
import { PrinterForm, ROLE_LABEL } from './printer-form.tsx';

/**
 * The admins' "Printers" page (SERVICE.md): each printer with its last poll, status and waiting
 * jobs, to add, edit, delete, print a test page on, reprint a job; its secret address shown once
 * when it is added or renewed.
 */
export function PrintersManager() {
  const printers = usePrinters();
  const restaurant = useRestaurant();
  const add = useAddPrinter();
  const renew = useRenewSecret();
  const [address, setAddress] = useState<{ name: string; url: string } | null>(null);
  const timeZone = restaurant.data?.timeZone ?? 'UTC';

  return (
    <div className="flex flex-col gap-6">
      {address ? (
        <section role="status" aria-labelledby="printer-address" className="flex flex-col items-start gap-2 rounded-box border-2 border-info bg-base-100 p-4">
          <h2 id="printer-address" className="font-bold">
            The address of {address.name}
          </h2>
          <p>Type it into the printer's CloudPRNT settings now: it is shown only this once (renew it to see a new one).</p>
          <code className="break-all rounded bg-base-200 p-2 text-sm text-base-content" aria-label="Printer address">
            {address.url}
          </code>
          <button type="button" className="btn btn-sm" onClick={() => setAddress(null)}>
            Done
          </button>
        </section>
      ) : null}
      <ListStates pending={printers.isPending} failed={printers.isError} error={printers.error} what="the printers" onRetry={() => void printers.refetch()} retrying={printers.isFetching} items={printers.data} emptyText="No printers yet.">
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((printer: PrinterView) => (
              <PrinterRow
                key={printer._id}
                printer={printer}
                timeZone={timeZone}
                onRenew={() =>
                  void confirmAction(`A new address for ${printer.name}?`, 'The old address stops working: type the new one into the printer.', 'Yes, renew').then(async (yes) => {
                    if (!yes) return;
                    try {
                      const answer = await renew.mutateAsync(printer._id);
                      setAddress({ name: answer.data.name, url: answer.data.pollUrl });
                    } catch (error) {
                      void showAlert(errorMessage(error, 'the new address'), 'error');
                    }
                  })
                }
              />
            ))}
          </ul>
        )}
      </ListStates>
      <section aria-labelledby="add-printer" className="flex flex-col gap-2">
        <h2 id="add-printer" className="text-xl font-bold">
          Add a printer
        </h2>
        <PrinterForm
          submitLabel="Add printer"
          onSubmit={async (fields) => {
            const answer = await add.mutateAsync(fields);
            setAddress({ name: answer.data.name, url: answer.data.pollUrl });
          }}
        />
      </section>
    </div>
  );
}

function PrinterRow({ printer, timeZone, onRenew }: { printer: PrinterView; timeZone: string; onRenew: () => void }) {
  const [editing, setEditing] = useState(false);
  const [showJobs, setShowJobs] = useState(false);
  const update = useUpdatePrinter();
  const remove = useDeletePrinter();
  const test = useTestPage();
  const run = (action: () => Promise<{ message: string }>, what: string) =>
    void action()
      .then((answer) => showDone(answer.message))
      .catch((error: unknown) => showAlert(errorMessage(error, what), 'error'));

  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3" aria-label={printer.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">
            {printer.name} <span className={`badge ${printer.status === 'online' ? 'badge-success' : 'badge-warning'}`}>{printer.status}</span>
          </p>
          <p className="text-sm">
            {ROLE_LABEL[printer.role]} · {printer.paperWidth} mm{printer.categories.length > 0 ? ` · ${printer.categories.join(', ')}` : ''}
          </p>
          <p className="text-sm">
            Last seen: {printer.lastSeen ? restaurantTime(printer.lastSeen, timeZone) : 'never'} · Waiting jobs: {printer.queued}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => run(() => test.mutateAsync(printer._id), 'the test page')}>
            Test page<span className="sr-only"> on {printer.name}</span>
          </button>
          <button type="button" className="btn btn-outline btn-sm" aria-expanded={showJobs} onClick={() => setShowJobs((now) => !now)}>
            Jobs<span className="sr-only"> of {printer.name}</span>
          </button>
          <button type="button" className="btn btn-outline btn-sm" aria-expanded={editing} onClick={() => setEditing((now) => !now)}>
            Edit<span className="sr-only"> {printer.name}</span>
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={onRenew}>
            New address<span className="sr-only"> for {printer.name}</span>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm text-error"
            onClick={() => void confirmAction(`Delete ${printer.name}?`, 'Its waiting jobs go with it.').then((yes) => (yes ? run(() => remove.mutateAsync(printer._id), 'the deletion') : undefined))}
          >
            Delete<span className="sr-only"> {printer.name}</span>
          </button>
        </div>
      </div>
      {editing ? (
        <PrinterForm
          printer={printer}
          submitLabel="Save printer"
          onCancel={() => setEditing(false)}
          onSubmit={async (fields) => {
            const answer = await update.mutateAsync({ id: printer._id, body: fields });
            setEditing(false);
            void showDone(answer.message);
          }}
        />
      ) : null}
      {showJobs ? <PrintJobs printerId={printer._id} printerName={printer.name} timeZone={timeZone} /> : null}
    </li>
  );
}
