import type { BrandToday } from '@shared/contract/dashboard.ts';
import { t } from '@shared/i18n/i18n.ts';
import { FigureTable } from '@client/components/ui/figure-table.tsx';
import { useIsAdmin } from '@client/data/account-role.ts';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { useBranches } from '@client/data/branches.ts';
import { useBranchesToday } from '../api/today.ts';

type BranchToday = BrandToday['branches'][number];

/**
 * The brand admin's "Branches today" (docs/reference/branches.md "Staff and the owner"): each
 * branch's net sales, covers, orders and on-time share side by side, from the second branch on.
 * A branch admin, whom the server refuses the brand's figures, sees nothing here.
 */
export function BranchesToday() {
  const { isAdmin } = useIsAdmin();
  const several = (useBranches().data?.length ?? 0) > 1;
  const today = useBranchesToday(isAdmin && several);
  const { number } = useNumbers();
  const money = useMoney(today.data?.branches[0]?.currency);
  if (!isAdmin || !several || !today.data) return null;
  const orders = (b: BranchToday) => Object.values(b.ticketsByStatus).reduce((sum, n) => sum + n, 0);
  return (
    <section aria-labelledby="branches-today" className="card bg-base-100 p-4 shadow-sm">
      <h2 id="branches-today" className="mb-2 text-lg font-semibold">
        {t('reports.branchesToday', 'Branches today')}
      </h2>
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby="branches-today">
        <FigureTable
          columns={[
            t('reports.branchColumn', 'Branch'),
            t('reports.figure.netSales', 'Net sales'),
            t('reports.covers', 'Covers'),
            t('reports.orders', 'Orders'),
            t('reports.onTime', 'On time'),
          ]}
          rows={today.data.branches.map((b) => ({
            key: b.branchId,
            label: b.name,
            figures: [
              money(b.netSales),
              number(b.covers.seated + b.covers.completed),
              number(orders(b)),
              b.onTimePercent === null ? '–' : `${number(b.onTimePercent)} %`,
            ],
          }))}
        />
      </div>
    </section>
  );
}
