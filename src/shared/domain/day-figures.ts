import type { DayReport } from '../contract/bills.ts';

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
  { csv: 'bills', label: 'Bills paid', kind: 'count', of: (r) => r.bills },
  { csv: 'covers', label: 'Covers', kind: 'count', of: (r) => r.covers },
  { csv: 'gross', label: 'Gross sales', kind: 'money', of: (r) => r.gross },
  { csv: 'discounts', label: 'Discounts', kind: 'money', of: (r) => r.discounts },
  { csv: 'netSales', label: 'Net sales', kind: 'money', of: (r) => r.netSales },
  { csv: 'serviceCharge', label: 'Service charge', kind: 'money', of: (r) => r.serviceCharge },
  { csv: 'deliveryFees', label: 'Delivery fees', kind: 'money', of: (r) => r.deliveryFees },
  { csv: 'tips', label: 'Tips', kind: 'money', of: (r) => r.tips },
  { csv: 'refunds', label: 'Refunds', kind: 'money', of: (r) => r.refunds },
  { csv: 'totalTaken', label: 'Total taken', kind: 'money', of: (r) => r.totalTaken },
  { csv: 'cashExpected', label: 'Cash expected', kind: 'money', of: (r) => r.cashExpected },
];
