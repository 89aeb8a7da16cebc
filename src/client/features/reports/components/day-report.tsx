import { TEXT } from '@shared/texts.ts';
import { t } from '@shared/i18n/i18n.ts';
import { type FormEvent, useId, useState } from 'react';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { type CashCount, type DayReport, downloadDayCsv, useCashCount, useDayReport } from '../api/day-report.ts';
import { useDownload } from './use-download.tsx';
import { errorMessage } from '@client/lib/error-message.ts';
import { FigureTable } from '@client/components/ui/figure-table.tsx';
import { useMoney, useNumbers, useRestaurantTime } from '@client/data/restaurant.ts';
import { DAY_FIGURES } from '@shared/domain/day-figures.ts';
import { useBranches } from '@client/data/branches.ts';
import { BrandDay } from './brand-day.tsx';

/**
 * The dashboard's "Day report" (docs/reference/ordering.md "The bill", admins): the figures of the bills paid
 * on a local day, the same as CSV, and the cash count with its difference from what the day's
 * cash payments expect.
 */
export function DayReportPage({ today }: { today: string }) {
  const [date, setDate] = useState(today);
  const dateId = useId();
  const report = useDayReport(date);
  const branches = useBranches().data ?? [];
  // With two branches or more, the figures below are the request's branch's, named, and the brand's day is beside them.
  const branchName = branches.length > 1 ? branches.find((b) => b._id === report.data?.branchId)?.name : undefined;
  const csv = useDownload();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{TEXT.dayReport}</h1>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={dateId} className="text-sm font-medium">
            {t('reports.day', 'Day')}
          </label>
          <input
            id={dateId}
            type="date"
            className="input input-bordered"
            value={date}
            required
            onChange={(event) => event.target.value && setDate(event.target.value)}
          />
        </div>
        <button type="button" className="btn btn-outline" onClick={() => csv.start(() => downloadDayCsv(date))}>
          {t('reports.downloadCsv', 'Download CSV')}
        </button>
      </div>
      {csv.failure}
      {report.isError ? (
        <QueryError
          what={t('reports.theDayReport', 'the day report')}
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : !report.data ? (
        <p role="status">{t('reports.loadingDayReport', 'Loading the day report…')}</p>
      ) : (
        <>
          {report.data.currencies ? (
            <p role="note" className="alert alert-warning">
              {t(
                'reports.mixedCurrencies',
                "This day's bills are in {{currencies}}: the currency was changed that day, and each figure adds the amounts as they were taken.",
                { currencies: report.data.currencies.join(', ') },
              )}
            </p>
          ) : null}
          <BrandDay date={date} several={branches.length > 1} />
          <Figures report={report.data} branchName={branchName} />
          <CashCountForm key={date} date={date} expected={report.data.cashExpected} currency={report.data.currency} />
          <CashCountsKept counts={report.data.cashCounts} currency={report.data.currency} />
        </>
      )}
    </div>
  );
}

/** A payment method as the day report names it ("cash", "card"); the wallets by their providers' names ("bKash", not the API's "bkash"). */
function paymentMethodName(method: string): string {
  const names: Record<string, string> = {
    cash: t('reports.method.cash', 'cash'),
    card: t('reports.method.card', 'card'),
    bank: t('reports.method.bank', 'bank'),
    bkash: t('reports.method.bkash', 'bKash'),
    nagad: t('reports.method.nagad', 'Nagad'),
  };
  return names[method] ?? method;
}

function Figures({ report, branchName }: { report: DayReport; branchName: string | undefined }) {
  // The day's money in the currency it was taken in (its bills'), not a newer setting's (issue 58, point 6).
  const money = useMoney(report.currency);
  const { number } = useNumbers();
  const rows: [string, string][] = [
    // The figures the CSV lists too; net sales and total taken named as on the dashboard (issue 48, point 5).
    ...DAY_FIGURES.map((figure): [string, string] => [
      figure.label,
      figure.kind === 'money' ? money(figure.of(report)) : number(figure.of(report)),
    ]),
    // Kept by a no-show or a cancel after the cut-off: on no bill, so in none of the figures above.
    [
      t('reports.depositsKept', 'Deposits kept'),
      report.depositsKept.count === 1
        ? t('reports.depositsKeptOne', '{{amount}} ({{n}} deposit)', {
            amount: money(report.depositsKept.amount),
            n: number(1),
          })
        : t('reports.depositsKeptMany', '{{amount}} ({{n}} deposits)', {
            amount: money(report.depositsKept.amount),
            n: number(report.depositsKept.count),
          }),
    ],
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="day-figures" className="card bg-base-100 p-4 shadow-sm">
        <h2 id="day-figures" className="mb-2 text-lg font-semibold">
          {branchName
            ? t('reports.figuresAt', 'Figures at {{branch}}', { branch: branchName })
            : t('reports.figures', 'Figures')}
        </h2>
        <FigureTable
          quietHeader
          columns={[t('reports.figureColumn', 'Figure'), t('reports.valueColumn', 'Value')]}
          rows={rows.map(([label, value]) => ({ key: label, label, figures: [value] }))}
        />
      </section>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="day-taxes" className="card bg-base-100 p-4 shadow-sm">
          <h2 id="day-taxes" className="mb-2 text-lg font-semibold">
            {t('reports.taxes', 'Taxes')}
          </h2>
          {report.taxes.length === 0 ? (
            <p>{t('reports.noTax', 'No tax on this day.')}</p>
          ) : (
            <FigureTable
              columns={[
                t('reports.taxColumn', 'Tax'),
                t('reports.baseColumn', 'Base'),
                t('reports.amountColumn', 'Amount'),
              ]}
              rows={report.taxes.map((tax) => ({
                key: `${tax.name}-${tax.rate}`,
                label: `${tax.name} ${number(tax.rate)} %`,
                figures: [money(tax.base), money(tax.amount)],
              }))}
            />
          )}
        </section>
        <section aria-labelledby="day-payments" className="card bg-base-100 p-4 shadow-sm">
          <h2 id="day-payments" className="mb-2 text-lg font-semibold">
            {t('reports.payments', 'Payments')}
          </h2>
          {report.payments.length === 0 ? (
            <p>{t('reports.noPayments', 'No payments on this day.')}</p>
          ) : (
            <FigureTable
              columns={[
                t('reports.methodColumn', 'Method'),
                t('reports.countColumn', 'Count'),
                t('reports.amountColumn', 'Amount'),
              ]}
              rows={report.payments.map((p) => ({
                key: p.method,
                label: paymentMethodName(p.method),
                figures: [number(p.count), money(p.amount)],
              }))}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/** A difference as the owner reads it: "+$1.00" over, "-$2.50" short, "$0.00" even. */
const signed = (amount: number, money: (amount: number) => string) => `${amount > 0 ? '+' : ''}${money(amount)}`;

/**
 * The counts kept for the day (issue 58, point 8), each with who counted, when and its
 * difference from what was expected then: they stay after a reload or on another device.
 */
function CashCountsKept({ counts, currency }: { counts: DayReport['cashCounts']; currency: string }) {
  const money = useMoney(currency);
  const at = useRestaurantTime();
  if (counts.length === 0) return null;
  return (
    <section aria-labelledby="day-cash-counts" className="card bg-base-100 p-4 shadow-sm">
      <h2 id="day-cash-counts" className="mb-2 text-lg font-semibold">
        {t('reports.countsKept', 'Counts kept')}
      </h2>
      {/* Four columns on a phone: the table scrolls inside its card (by keyboard too), the page keeps the screen's width. */}
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby="day-cash-counts">
        <FigureTable
          columns={[
            t('reports.countedAtColumn', 'Counted'),
            t('reports.expectedColumn', 'Expected'),
            t('reports.countedColumn', 'Cash counted'),
            t('reports.differenceColumn', 'Difference'),
          ]}
          rows={counts.map((count, index) => ({
            key: `${count.at}-${index}`,
            label: count.by
              ? t('reports.countedBy', '{{time}} by {{name}}', { time: at(count.at), name: count.by })
              : at(count.at),
            figures: [money(count.expected), money(count.counted), signed(count.difference, money)],
          }))}
        />
      </div>
    </section>
  );
}

function CashCountForm({ date, expected, currency }: { date: string; expected: number; currency: string }) {
  const money = useMoney(currency);
  const countedId = useId();
  const [counted, setCounted] = useState('');
  const [result, setResult] = useState<CashCount | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const count = useCashCount();
  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const amount = Number(counted);
    if (counted.trim() === '' || !Number.isFinite(amount) || amount < 0 || !/^\d+(\.\d{1,2})?$/.test(counted.trim())) {
      setFailure(t('reports.enterCash', 'Enter the cash counted, at most two decimals'));
      return;
    }
    count.mutate(
      { date, counted: amount },
      {
        onSuccess: (data) => setResult(data),
        onError: (error) => setFailure(errorMessage(error, t('reports.theCashCount', 'the cash count'))),
      },
    );
  }
  return (
    <form onSubmit={submit} className="card bg-base-100 p-4 shadow-sm" noValidate>
      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="mb-2 text-lg font-semibold">{t('reports.cashCount', 'Cash count')}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor={countedId} className="text-sm font-medium">
            {t('reports.cashCounted', 'Cash counted')}
          </label>
          <input
            id={countedId}
            className="input input-bordered"
            inputMode="decimal"
            value={counted}
            onChange={(event) => setCounted(event.target.value)}
            aria-describedby={`${countedId}-expected`}
          />
          <span id={`${countedId}-expected`} className="text-sm text-base-content/70">
            {t('reports.expected', 'Expected {{amount}}', { amount: money(expected) })}
          </span>
        </div>
        <button type="submit" className="btn btn-primary" disabled={count.isPending}>
          {t('reports.keepCount', 'Keep the count')}
        </button>
      </fieldset>
      {failure ? (
        <p role="alert" className="mt-2 text-error">
          {failure}
        </p>
      ) : null}
      {result ? (
        <p role="status" className="mt-2">
          {t('reports.countResult', 'Expected {{expected}}, counted {{counted}}, difference {{difference}}', {
            expected: money(result.expected),
            counted: money(result.counted),
            difference: signed(result.difference, money),
          })}
        </p>
      ) : null}
    </form>
  );
}
