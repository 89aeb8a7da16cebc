import { TEXT } from '@shared/texts.ts';
import { t } from '@shared/i18n/i18n.ts';
import { AUDIT_KINDS, type AuditKind } from '@shared/contract/values.ts';
import { useId, useState } from 'react';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { errorMessage } from '@client/lib/error-message.ts';
import { useMoney, useNumbers, useRestaurantTime } from '@client/data/restaurant.ts';
import { type AuditReport, downloadAuditCsv, useAuditReport } from '../api/audit.ts';

/** An audit entry's kind as the page names it. */
function kindName(kind: AuditKind): string {
  const names: Record<AuditKind, string> = {
    discount: t('audit.kinds.discount', 'Discount'),
    cancel: t('audit.kinds.cancel', 'Cancel'),
    refund: t('audit.kinds.refund', 'Refund'),
    'give-back': t('audit.kinds.giveBack', 'Given back'),
    payment: t('audit.kinds.payment', 'Payment taken'),
    split: t('audit.kinds.split', 'Bill split'),
    price: t('audit.kinds.price', 'Price change'),
    'sold-out': t('audit.kinds.soldOut', 'Sold-out switch'),
    settings: t('audit.kinds.settings', 'Settings change'),
    role: t('audit.kinds.role', 'Role change'),
    'printer-secret': t('audit.kinds.printerSecret', 'Printer address renewed'),
    reprint: t('audit.kinds.reprint', 'Printed again'),
    'receipt-print': t('audit.kinds.receiptPrint', 'Receipt printed'),
  };
  return names[kind];
}

/**
 * The dashboard's "Voids and discounts" (issue 60, admins): per staff member and day, the count
 * and amount of discounts, cancels after cooking started, refunds and give-backs; then every entry
 * of the audit trail with its reason, who did it, from which address and what changed; the
 * entries as CSV like the day report.
 */
export function VoidsAndDiscountsPage({ today }: { today: string }) {
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [kind, setKind] = useState<AuditKind | ''>('');
  const [staff, setStaff] = useState('');
  const ids = { from: useId(), to: useId(), kind: useId(), staff: useId() };
  const filter = { from, to, kind: kind || undefined, staff: staff || undefined };
  const report = useAuditReport(filter);
  const [csvFailure, setCsvFailure] = useState<string | null>(null);
  // The staff to choose from: those in the span's entries (a deleted account's too, by the name it had).
  const people = new Map(
    (report.data?.entries ?? []).filter((e) => e.staff.id !== null).map((e) => [e.staff.id as string, e.staff.name]),
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{TEXT.voidsAndDiscounts}</h1>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.from} className="text-sm font-medium">
            {t('audit.from', 'From')}
          </label>
          <input
            id={ids.from}
            type="date"
            className="input input-bordered"
            value={from}
            max={to}
            required
            onChange={(event) => event.target.value && setFrom(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.to} className="text-sm font-medium">
            {t('audit.to', 'To')}
          </label>
          <input
            id={ids.to}
            type="date"
            className="input input-bordered"
            value={to}
            min={from}
            required
            onChange={(event) => event.target.value && setTo(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.staff} className="text-sm font-medium">
            {t('audit.staff', 'Staff member')}
          </label>
          <select
            id={ids.staff}
            className="select select-bordered"
            value={staff}
            onChange={(event) => setStaff(event.target.value)}
          >
            <option value="">{t('audit.everyone', 'Everyone')}</option>
            {[...people].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.kind} className="text-sm font-medium">
            {t('audit.kind', 'Kind')}
          </label>
          <select
            id={ids.kind}
            className="select select-bordered"
            value={kind}
            onChange={(event) => setKind(event.target.value as AuditKind | '')}
          >
            <option value="">{t('audit.allKinds', 'Every kind')}</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindName(k)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            setCsvFailure(null);
            downloadAuditCsv(filter).catch((error: unknown) =>
              setCsvFailure(errorMessage(error, t('reports.theDownload', 'the download'))),
            );
          }}
        >
          {t('reports.downloadCsv', 'Download CSV')}
        </button>
      </div>
      {csvFailure ? (
        <p role="alert" className="text-error">
          {csvFailure}
        </p>
      ) : null}
      {report.isError ? (
        <QueryError
          what={t('audit.theTrail', 'the audit trail')}
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : !report.data ? (
        <p role="status">{t('audit.loading', 'Loading the audit trail…')}</p>
      ) : (
        <>
          <Summary report={report.data} />
          <Entries report={report.data} />
        </>
      )}
    </div>
  );
}

function Summary({ report }: { report: AuditReport }) {
  const money = useMoney();
  const { number } = useNumbers();
  const tally = (x: { count: number; amount: number }) =>
    x.count === 0 ? '–' : `${number(x.count)} · ${money(x.amount)}`;
  return (
    <section aria-labelledby="audit-summary" className="card bg-base-100 p-4 shadow-sm">
      <h2 id="audit-summary" className="mb-2 text-lg font-semibold">
        {t('audit.perStaff', 'Per staff member and day')}
      </h2>
      {report.summary.length === 0 ? (
        <p>{t('audit.noVoids', 'No discounts, cancels, refunds or give-backs in these days.')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead className="text-base-content">
              <tr>
                <th scope="col">{t('audit.day', 'Day')}</th>
                <th scope="col">{t('audit.staff', 'Staff member')}</th>
                <th scope="col">{t('audit.discounts', 'Discounts')}</th>
                <th scope="col">{t('audit.lateCancels', 'Cancels after cooking started')}</th>
                <th scope="col">{t('audit.refunds', 'Refunds')}</th>
                <th scope="col">{t('audit.giveBacks', 'Given back')}</th>
              </tr>
            </thead>
            <tbody>
              {report.summary.map((row) => (
                <tr key={`${row.date}-${row.staff.id ?? ''}-${row.staff.name}`}>
                  <td>{row.date}</td>
                  <th scope="row">{row.staff.name}</th>
                  <td>{tally(row.discounts)}</td>
                  <td>{tally(row.lateCancels)}</td>
                  <td>{tally(row.refunds)}</td>
                  <td>{tally(row.giveBacks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Entries({ report }: { report: AuditReport }) {
  const money = useMoney();
  const time = useRestaurantTime();
  return (
    <section aria-labelledby="audit-entries" className="card bg-base-100 p-4 shadow-sm">
      <h2 id="audit-entries" className="mb-2 text-lg font-semibold">
        {t('audit.entries', 'Every entry')}
      </h2>
      {report.truncated ? (
        <p className="text-sm">
          {t(
            'audit.truncated',
            'Only the newest entries are shown: choose fewer days, a staff member or a kind to see the rest.',
          )}
        </p>
      ) : null}
      {report.entries.length === 0 ? (
        <p>{t('audit.noEntries', 'Nothing was recorded in these days.')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead className="text-base-content">
              <tr>
                <th scope="col">{t('audit.when', 'When')}</th>
                <th scope="col">{t('audit.staff', 'Staff member')}</th>
                <th scope="col">{t('audit.kind', 'Kind')}</th>
                <th scope="col">{t('audit.subject', 'On')}</th>
                <th scope="col">{t('audit.amount', 'Amount')}</th>
                <th scope="col">{t('audit.reason', 'Reason')}</th>
                <th scope="col">{t('audit.address', 'Device address')}</th>
              </tr>
            </thead>
            <tbody>
              {report.entries.map((entry) => (
                <tr key={entry._id}>
                  <td>
                    {entry.date} {time(entry.at)}
                  </td>
                  <td>{entry.staff.name}</td>
                  <td>{kindName(entry.kind)}</td>
                  <td>{entry.subject}</td>
                  <td>{entry.amount === null ? '' : money(entry.amount)}</td>
                  <td>{entry.reason ?? ''}</td>
                  <td>{entry.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
