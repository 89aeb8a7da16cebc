import type { DayReport } from '../contract/bills.ts';
import { t } from '../i18n/i18n.ts';

/** One single figure of the day report: its name in the CSV, its label on the Day report page, and its value. */
export interface DayFigure {
  csv: string;
  label: string;
  kind: 'count' | 'money';
  of: (report: DayReport) => number;
}

/**
 * The day report's single figures, listed once for the page and the CSV, in that order (the
 * taxes and the payments by method, each a list, and the deposits kept follow them in both).
 * Net sales and total taken are defined in DAY_FIGURE_DEFINITIONS.
 */
export const DAY_FIGURES: readonly DayFigure[] = [
  {
    csv: 'bills',
    get label() {
      return t('reports.figure.bills', 'Bills paid');
    },
    kind: 'count',
    of: (r) => r.bills,
  },
  {
    csv: 'covers',
    get label() {
      return t('reports.figure.covers', 'Covers');
    },
    kind: 'count',
    of: (r) => r.covers,
  },
  {
    csv: 'gross',
    get label() {
      return t('reports.figure.gross', 'Gross sales');
    },
    kind: 'money',
    of: (r) => r.gross,
  },
  {
    csv: 'discounts',
    get label() {
      return t('reports.figure.discounts', 'Discounts');
    },
    kind: 'money',
    of: (r) => r.discounts,
  },
  {
    csv: 'netSales',
    get label() {
      return t('reports.figure.netSales', 'Net sales');
    },
    kind: 'money',
    of: (r) => r.netSales,
  },
  {
    csv: 'serviceCharge',
    get label() {
      return t('reports.figure.serviceCharge', 'Service charge');
    },
    kind: 'money',
    of: (r) => r.serviceCharge,
  },
  {
    csv: 'deliveryFees',
    get label() {
      return t('reports.figure.deliveryFees', 'Delivery fees');
    },
    kind: 'money',
    of: (r) => r.deliveryFees,
  },
  {
    csv: 'tips',
    get label() {
      return t('reports.figure.tips', 'Tips');
    },
    kind: 'money',
    of: (r) => r.tips,
  },
  {
    csv: 'refunds',
    get label() {
      return t('reports.figure.refunds', 'Refunds');
    },
    kind: 'money',
    of: (r) => r.refunds,
  },
  {
    csv: 'totalTaken',
    get label() {
      return t('reports.figure.totalTaken', 'Total taken');
    },
    kind: 'money',
    of: (r) => r.totalTaken,
  },
  {
    csv: 'cashExpected',
    get label() {
      return t('reports.figure.cashExpected', 'Cash expected');
    },
    kind: 'money',
    of: (r) => r.cashExpected,
  },
];
