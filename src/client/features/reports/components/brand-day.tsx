import { t } from '@shared/i18n/i18n.ts';
import { useDownload } from './use-download.tsx';
import { FigureTable } from '@client/components/ui/figure-table.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { DAY_FIGURES } from '@shared/domain/day-figures.ts';
import { type DayReport, downloadDayCsv, useBrandDayReport } from '../api/day-report.ts';

/** The figures a branch's row shows side by side, as the day report names them (the full set is in each branch's own report and in the CSV). */
const SIDE_BY_SIDE = ['bills', 'covers', 'netSales', 'totalTaken', 'cashExpected'];
const COLUMNS = DAY_FIGURES.filter((figure) => SIDE_BY_SIDE.includes(figure.csv));

/**
 * The brand's day (docs/reference/branches.md "Staff and the owner"): one row per branch beside
 * the brand's, which is their sum, and the CSV with a column per branch. Shown only to a brand
 * with two branches or more (`several`); with one, the page is what it always was.
 */
export function BrandDay({ date, several }: { date: string; several: boolean }) {
  const report = useBrandDayReport(date, several);
  const money = useMoney(report.data?.currency);
  const { number } = useNumbers();
  const csv = useDownload();
  if (!several) return null;
  const figures = (r: DayReport) => COLUMNS.map((c) => (c.kind === 'money' ? money(c.of(r)) : number(c.of(r))));
  return (
    <section aria-labelledby="day-branches" className="card bg-base-100 p-4 shadow-sm">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="day-branches" className="text-lg font-semibold">
          {t('reports.byBranch', 'By branch')}
        </h2>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => csv.start(() => downloadDayCsv(date, true))}
        >
          {t('reports.downloadBranchesCsv', 'Download CSV by branch')}
        </button>
      </div>
      {csv.failure}
      {report.isError ? (
        <QueryError
          what={t('reports.theBranchesDay', "the branches' day")}
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : !report.data ? (
        <p role="status">{t('reports.loadingBranchesDay', "Loading the branches' day…")}</p>
      ) : (
        // Six columns on a phone: the table scrolls inside its card (by keyboard too).
        <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby="day-branches">
          <FigureTable
            columns={[t('reports.branchColumn', 'Branch'), ...COLUMNS.map((c) => c.label)]}
            rows={[
              ...report.data.branches.map((branch) => ({
                key: branch.branchId,
                label: branch.name,
                figures: figures(branch),
              })),
              {
                key: 'all',
                label: <strong>{t('reports.allBranches', 'All branches')}</strong>,
                figures: figures(report.data).map((figure, i) => <strong key={i}>{figure}</strong>),
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}
