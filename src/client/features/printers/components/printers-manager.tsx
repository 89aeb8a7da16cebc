import type { PrinterView } from '@shared/contract/printers.ts';
import { useState } from 'react';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers, useRestaurantTime } from '@client/data/restaurant.ts';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import {
  useAddPrinter,
  useDeletePrinter,
  usePrinters,
  useRenewSecret,
  useTestPage,
  useUpdatePrinter,
} from '../api/printers.ts';
import { PrintJobs } from './print-jobs.tsx';
import { PrinterForm, roleLabel } from './printer-form.tsx';

/**
 * The admins' "Printers" page (docs/reference/service.md): each printer with its last poll, status and waiting
 * jobs, to add, edit, delete, print a test page on, reprint a job; its secret address shown once
 * when it is added or renewed.
 */
/**
 * Copies the address shown once (issue 58, point 10): typed by hand it is long and secret, and
 * a slip means a printer that never prints. Says so when the browser refuses the clipboard (an
 * address that is not HTTPS or localhost), so the owner selects it by hand.
 */
function CopyButton({ text }: { text: string }) {
  const [said, setSaid] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => {
          const copied = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
          copied.then(
            () => setSaid(t('printers.copied', 'Copied')),
            () =>
              setSaid(
                t('printers.copyRefused', 'This browser did not let the page copy: select the address and copy it.'),
              ),
          );
        }}
      >
        {t('printers.copyAddress', 'Copy address')}
      </button>
      <span aria-live="polite" className="self-center text-sm">
        {said}
      </span>
    </>
  );
}

export function PrintersManager() {
  const printers = usePrinters();
  const add = useAddPrinter();
  const renew = useRenewSecret();
  const [address, setAddress] = useState<{ name: string; url: string } | null>(null);

  return (
    <div className="flex flex-col gap-6">
      {address ? (
        <section
          role="status"
          aria-labelledby="printer-address"
          className="flex flex-col items-start gap-2 rounded-box border-2 border-info bg-base-100 p-4"
        >
          <h2 id="printer-address" className="font-bold">
            {t('printers.addressOf', 'The address of {{name}}', { name: address.name })}
          </h2>
          <p>
            {t(
              'printers.typeItNow',
              "Type it into the printer's CloudPRNT settings now: it is shown only this once (renew it to see a new one).",
            )}
          </p>
          <code
            className="break-all rounded bg-base-200 p-2 text-sm text-base-content"
            aria-label={t('printers.printerAddress', 'Printer address')}
          >
            {address.url}
          </code>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={address.url} />
            <button type="button" className="btn btn-sm" onClick={() => setAddress(null)}>
              {t('printers.done', 'Done')}
            </button>
          </div>
        </section>
      ) : null}
      <ListStates
        pending={printers.isPending}
        failed={printers.isError}
        error={printers.error}
        what={t('printers.thePrinters', 'the printers')}
        onRetry={() => void printers.refetch()}
        retrying={printers.isFetching}
        items={printers.data}
        emptyText={t('printers.noPrinters', 'No printers yet.')}
      >
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((printer: PrinterView) => (
              <PrinterRow
                key={printer._id}
                printer={printer}
                onRenew={() =>
                  void confirmAction(
                    t('printers.newAddressQuestion', 'A new address for {{name}}?', { name: printer.name }),
                    t('printers.oldAddressStops', 'The old address stops working: type the new one into the printer.'),
                    t('printers.yesRenew', 'Yes, renew'),
                  ).then(async (yes) => {
                    if (!yes) return;
                    try {
                      const answer = await renew.mutateAsync(printer._id);
                      setAddress({ name: answer.data.name, url: answer.data.pollUrl });
                    } catch (error) {
                      void showAlert(errorMessage(error, t('printers.theNewAddress', 'the new address')), 'error');
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
          {t('printers.addPrinterTitle', 'Add a printer')}
        </h2>
        <PrinterForm
          submitLabel={t('printers.addPrinter', 'Add printer')}
          onSubmit={async (fields) => {
            const answer = await add.mutateAsync(fields);
            setAddress({ name: answer.data.name, url: answer.data.pollUrl });
          }}
        />
      </section>
    </div>
  );
}

function PrinterRow({ printer, onRenew }: { printer: PrinterView; onRenew: () => void }) {
  const time = useRestaurantTime();
  const { digits } = useNumbers();
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
            {printer.name}{' '}
            <span className={`badge ${printer.status === 'online' ? 'badge-success' : 'badge-warning'}`}>
              {printer.status === 'online' ? t('printers.online', 'online') : t('printers.offline', 'offline')}
            </span>
          </p>
          <p className="text-sm">
            {roleLabel(printer.role)} · {t('printers.mm', '{{n}} mm', { n: digits(printer.paperWidth) })}
            {printer.categories.length > 0 ? ` · ${printer.categories.join(', ')}` : ''}
          </p>
          <p className="text-sm">
            {t('printers.lastSeen', 'Last seen: {{time}}', {
              time: printer.lastSeen ? time(printer.lastSeen) : t('printers.never', 'never'),
            })}{' '}
            · {t('printers.waitingJobs', 'Waiting jobs: {{n}}', { n: digits(printer.queued) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => run(() => test.mutateAsync(printer._id), t('printers.theTestPage', 'the test page'))}
          >
            {t('printers.testPage', 'Test page')}
            <span className="sr-only"> {t('printers.onName', 'on {{name}}', { name: printer.name })}</span>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-expanded={showJobs}
            onClick={() => setShowJobs((now) => !now)}
          >
            {t('printers.jobs', 'Jobs')}
            <span className="sr-only"> {t('printers.ofName', 'of {{name}}', { name: printer.name })}</span>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-expanded={editing}
            onClick={() => setEditing((now) => !now)}
          >
            {t('printers.edit', 'Edit')}
            <span className="sr-only"> {printer.name}</span>
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={onRenew}>
            {t('printers.newAddress', 'New address')}
            <span className="sr-only"> {t('printers.forName', 'for {{name}}', { name: printer.name })}</span>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm text-error"
            onClick={() =>
              void confirmAction(
                t('printers.deleteQuestion', 'Delete {{name}}?', { name: printer.name }),
                t('printers.jobsGoWithIt', 'Its waiting jobs go with it.'),
              ).then((yes) =>
                yes ? run(() => remove.mutateAsync(printer._id), t('common.theDeletion', 'the deletion')) : undefined,
              )
            }
          >
            {t('printers.delete', 'Delete')}
            <span className="sr-only"> {printer.name}</span>
          </button>
        </div>
      </div>
      {editing ? (
        <PrinterForm
          printer={printer}
          submitLabel={t('printers.savePrinter', 'Save printer')}
          onCancel={() => setEditing(false)}
          onSubmit={async (fields) => {
            const answer = await update.mutateAsync({ id: printer._id, body: fields });
            setEditing(false);
            void showDone(answer.message);
          }}
        />
      ) : null}
      {showJobs ? <PrintJobs printerId={printer._id} printerName={printer.name} /> : null}
    </li>
  );
}
