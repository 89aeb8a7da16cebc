import type { Minor } from '../../../shared/domain/money.ts';
import type { Generated } from 'kysely';

/** Money: bills, their discounts, payments and refunds, receipts, cash counts, online payments and their events. (Typed as schema.ts says: booleans 0/1, timestamps ISO text.) */

/** A bill (migration 0009): amounts in minor units; the money columns are written when it is paid. */
export interface BillsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  local_date: string;
  seq: number;
  number: string;
  status: string;
  fulfilment: string;
  table_id: number | null;
  reservation_id: number | null;
  covers: Generated<number>;
  opened_at: string;
  paid_at: string | null;
  paid_date: string | null;
  receipt_number: number | null;
  subtotal: Minor | null;
  discount: Minor | null;
  service_charge: Minor | null;
  delivery_fee: Minor | null;
  tax: Minor | null;
  total: Minor | null;
  tax_inclusive: number | null;
  /** JSON [{ name, rate, base, amount }] once paid. */
  taxes: string | null;
  /** JSON { lineId: rate } once paid. */
  line_rates: string | null;
  /** JSON of the billing rules taken at the first payment (migration 0018); null: the settings of the moment. */
  rules: string | null;
  /** The ways staff split it, kept until its shares are paid (migration 0031); null: not split. */
  split_ways: Generated<number | null>;
  /** The currency it was opened in (migration 0032): its amounts are written in it whatever the settings say later. */
  currency: Generated<string | null>;
}

export interface BillDiscountsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  bill_id: number;
  percent_bp: number | null;
  amount: Minor | null;
  reason: string;
  by_user_id: number | null;
  by_name: string;
  created_at: string;
}

export interface BillPaymentsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  bill_id: number;
  key: string | null;
  request: string | null;
  method: string;
  provider: string;
  amount: Minor;
  tip: Generated<Minor>;
  tendered: Minor | null;
  change: Minor | null;
  status: string;
  at: string;
  by_user_id: number | null;
  refunded: Generated<Minor>;
  refunded_at: string | null;
  refunded_date: string | null;
  /** The online payment this is (migration 0012), unique. */
  payment_id: number | null;
  /** The share of a split bill it paid (migration 0031), each at most once. */
  share: Generated<number | null>;
}

/** A refund on a bill payment, with the local day it went through (migration 0015). */
export interface BillRefundsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  bill_payment_id: number;
  amount: Minor;
  at: string;
  date: string;
  /** Why it was given back, and by whom (migration 0018; null on older rows and online refunds). */
  reason: string | null;
  by_user_id: number | null;
}

export interface ReceiptCounterTable {
  /** One row per branch: receipt numbers are gap-free per branch (migration 0037). */
  branch_id: number;
  last_number: number;
}

/** The last ticket and bill numbers given on a local day (migration 0025, decision 046). */
export interface DayNumbersTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  local_date: string;
  tickets: number;
  bills: number;
}

export interface CashCountsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  local_date: string;
  expected: Minor;
  counted: Minor;
  by_user_id: number | null;
  at: string;
}

/** A payment asked of a provider (migration 0011); amounts in minor units. */
export interface PaymentsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  key: string;
  provider: string;
  provider_ref: string | null;
  capture_ref: string | null;
  redirect_url: string | null;
  status: string;
  amount: Minor;
  currency: string;
  refunded: Generated<Minor>;
  ticket_id: number | null;
  bill_id: number | null;
  user_id: number | null;
  failure: string | null;
  created_at: string;
  settled_at: string | null;
  next_check_at: string | null;
  checks: Generated<number>;
  /** A tip on top of what a bill is paid (migration 0012), in `amount`. */
  tip: Generated<Minor>;
  /** The body a bill payment's key was first sent with (migration 0012). */
  request: string | null;
  /** The reservation this payment is the deposit of (migration 0013), at most one per reservation. */
  reservation_id: number | null;
  /** A deposit cancelled before this instant is refunded (migration 0013). */
  refundable_until: string | null;
  /** When a deposit was kept (a no-show, a cancel after its cut-off) and that moment's local day (migration 0016). */
  kept_at: string | null;
  kept_date: string | null;
}

/** A refund of a payment (migration 0011), sent with its own key. */
export interface PaymentRefundsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  payment_id: number;
  key: string;
  amount: Minor;
  reason: string;
  status: string;
  provider_ref: string | null;
  by_user_id: number | null;
  failure: string | null;
  attempts: Generated<number>;
  created_at: string;
  settled_at: string | null;
}

/** A provider's webhook event, kept by id once processed (migration 0011). */
export interface PaymentEventsTable {
  event_id: string;
  provider: string;
  type: string;
  payment_id: number | null;
  received_at: string;
  /** Claimed by a server until then while it processes the event; null once processed (migration 0019). */
  claimed_until: string | null;
}
