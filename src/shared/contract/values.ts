/**
 * The contract's constants the browser uses when it runs, in a file without zod (issue 47):
 * the client imports the contract's files as types only (eslint.config.js), since each holds
 * zod schemas that are built when the file loads, and zod would be in the guest's first load
 * (34 KB gzip; its check for `new Function` was also the content security policy's "eval"
 * violation on every public page). Each contract file re-exports its own from here, so the
 * server and the tests import them as before.
 */
import { t } from '../i18n/i18n.ts';

export const FULFILMENTS = ['pickup', 'delivery', 'dine_in'] as const;

/** How long a completed ticket stays on the kitchen board, and may be recalled. */
export const RECALL_MINUTES = 30;
export type Fulfilment = (typeof FULFILMENTS)[number];

export const TICKET_MESSAGES = {
  placed: 'Your order has been placed',
  paused: 'We are not taking online orders right now',
  taken: 'That time is no longer available',
  alreadyPlaced: 'This order is already placed: it can no longer be deleted',
} as const;

/** What a line or ticket placed with cash shows instead of PAY: where the guest pays. */
export const PAY_DUE_TEXT: Record<Fulfilment, string> = {
  get pickup() {
    return t('orders.payOnCollection', 'Pay on collection');
  },
  get delivery() {
    return t('orders.payOnDelivery', 'Pay on delivery');
  },
  get dine_in() {
    return t('orders.payAtTable', 'Pay at the table');
  },
};

/** The providers a deposit may be paid with (`demo` only where it is the one offered). */
export const DEPOSIT_PROVIDERS = ['demo', 'stripe', 'bkash'] as const;

export const BILL_PAYMENT_METHODS = ['cash', 'card', 'bkash', 'nagad', 'bank'] as const;
export type BillPaymentMethod = (typeof BILL_PAYMENT_METHODS)[number];

/** The SSE event name of a resync: the server may have missed changes; reload everything shown. */
export const RESYNC_EVENT = 'resync';

/**
 * What each of today's figures counts: one definition per figure, the one the server computes
 * (dashboard.service.ts) and the one the dashboard shows beside it (a tooltip), so the figures
 * never contradict each other (issue 41). "Today" is the restaurant's local day; an order
 * belongs to the day it was placed, a booking to the day it is for.
 */
/**
 * What the day's money and guest figures count: one definition each, the same words on the day
 * report and on the dashboard (issue 48, point 5).
 */
export const DAY_FIGURE_DEFINITIONS = {
  get covers() {
    return t(
      'reports.define.covers',
      'Guests seated that day: the covers of bookings and walk-ins seated or completed. Guests still to come and no-shows are not counted.',
    );
  },
  get gross() {
    return t(
      'reports.define.gross',
      'The food and drink on the bills paid that day, at menu prices, before discounts.',
    );
  },
  get netSales() {
    return t(
      'reports.define.netSales',
      'Gross sales less discounts: what the food and drink on the bills paid that day sold for (before service charge, delivery fees and tips).',
    );
  },
  get totalTaken() {
    return t(
      'reports.define.totalTaken',
      'The payments on the bills paid that day, tips included, less the refunds made that day: the money the day brought in.',
    );
  },
} as const;

export const TODAY_FIGURE_DEFINITIONS = {
  get reservations() {
    return t(
      'reports.defineToday.reservations',
      "Today's bookings that were not cancelled: awaiting a deposit, booked, seated, completed and no-shows (they add up to this).",
    );
  },
  /** As the day report counts them (issue 48, point 5). */
  get covers() {
    return DAY_FIGURE_DEFINITIONS.covers;
  },
  get orders() {
    return t(
      'reports.defineToday.orders',
      'Every order placed today, whatever became of it: open (new, cooking or ready), completed and cancelled add up to this, as do the hours of the chart.',
    );
  },
  /** As the day report counts it, for today (issue 48, point 5). */
  get netSales() {
    return DAY_FIGURE_DEFINITIONS.netSales;
  },
  get minutesToReady() {
    return t(
      'reports.defineToday.minutesToReady',
      "The average minutes from placing to being marked ready, over today's orders marked ready (not cancelled).",
    );
  },
  get onTime() {
    return t(
      'reports.defineToday.onTime',
      "Of today's orders that are ready or past their promise (not cancelled), the share marked ready no later than promised. An order past its promise and not ready yet counts as late.",
    );
  },
} as const;
export type TodayFigureName = keyof typeof TODAY_FIGURE_DEFINITIONS;

/** Printers that pull their jobs (docs/reference/service.md): their roles, paper widths and quoted texts. */
export const PRINTER_ROLES = ['kitchen', 'bar', 'receipt'] as const;
export type PrinterRole = (typeof PRINTER_ROLES)[number];
export const PAPER_WIDTHS = [58, 80] as const;
export const PRINT_JOB_STATUSES = ['queued', 'sent', 'printed', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];
/** A printer that has not polled for this long is offline. */
export const PRINTER_OFFLINE_MS = 30_000;
/** A job fetched but not confirmed for this long is offered again (marked REPRINT). */
export const PRINT_CLAIM_MS = 60_000;
export const PRINTER_ROLE_NAMES: Record<PrinterRole, string> = {
  kitchen: 'Kitchen printer',
  bar: 'Bar printer',
  receipt: 'Receipt printer',
};
export const PRINTER_TEXTS = {
  /** "Kitchen printer offline since 19:42", on the kitchen board and the Floor. */
  offline: (role: PrinterRole, since: string) => `${PRINTER_ROLE_NAMES[role]} offline since ${since}`,
  reprint: 'REPRINT',
  recalled: 'RECALLED',
  cancelled: 'CANCELLED',
  reprintButton: 'Reprint',
  printReceipt: 'Print receipt',
  title: 'Printers',
  noReceiptPrinter: 'There is no receipt printer: add one on the Printers page',
} as const;

/** What the audit trail records (issue 60, decision 056): the acts that change money or who may do what. */
export const AUDIT_KINDS = [
  'discount',
  'cancel',
  'refund',
  'give-back',
  'payment',
  'split',
  'price',
  'sold-out',
  'settings',
  'role',
  'printer-secret',
  'reprint',
  'receipt-print',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
