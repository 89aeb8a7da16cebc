import type { Minor } from '../../../shared/domain/money.ts';
import type { Generated } from 'kysely';

/** The kitchen: tickets, their lines and keys, the buckets' loads, and the printers' jobs. (Typed as schema.ts says: booleans 0/1, timestamps ISO text.) */

export interface TicketsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  local_date: string;
  seq: number;
  number: string;
  user_id: number | null;
  customer_name: string;
  customer_email: string;
  fulfilment: string;
  status: string;
  placed_at: string;
  ready_at: string;
  arrive_at: string | null;
  scheduled: number;
  units: number;
  /** Money in minor units (migration 0017), priced as the ticket's bill prices it when placed. */
  subtotal: Minor;
  delivery_fee: Minor;
  /** The ticket's total: subtotal + service charge + delivery fee (+ taxes when added on top). */
  total: Minor;
  /** Dine-in service charge, the taxes' sum, each rate's tax (JSON [{ name, rate, base, amount }]) and whether inside the subtotal (migration 0017). */
  service_charge: Generated<Minor>;
  tax: Generated<Minor>;
  taxes: Generated<string>;
  tax_inclusive: Generated<number>;
  payment: string;
  pay_method: string | null;
  pay_account: string | null;
  /** JSON { line1, area, phone, instructions? } for a delivery. */
  address: string | null;
  reservation_id: number | null;
  table_id: number | null;
  cancel_reason: string | null;
  started_at: string | null;
  ready_marked_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  /** The bill the ticket is on (migration 0009). */
  bill_id: number | null;
  /** "online" (a guest's checkout) or "staff" (taken by staff), migration 0010. */
  source: Generated<string>;
  /** The staff member who took a staff order. */
  taken_by: Generated<number | null>;
  /** The caller's phone on a staff order, when given. */
  customer_phone: Generated<string | null>;
}

/** A staff order's idempotency key (migration 0010): the key is the primary key, one ticket per key. */
export interface TicketKeysTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  key: string;
  /** sha-256 of what the order asked for (and who sent it): the same key with another body is refused. */
  body_hash: string;
  /** Null only inside the transaction that claimed the key, until its ticket is written. */
  ticket_id: number | null;
  created_at: string;
}

/** An open ticket's units per bucket (migration 0007), under the rules of kitchen_bucket_rules. */
export interface KitchenBucketsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  bucket_start: string;
  units: number;
}

/** A load that left a bucket or came back to it without taking room (migration 0027): `units` negative when it left. */
export interface KitchenBucketChangesTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  bucket_start: string;
  units: number;
}

export interface KitchenBucketRulesTable {
  /** One row per branch (migration 0037). */
  branch_id: number;
  rules: string;
}

export interface TicketLinesTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  ticket_id: number;
  order_id: number | null;
  product_id: number;
  name: string;
  /** The dish's Bangla name as copied when placed ('' where none; migration 0026, decision 050). */
  name_bn: Generated<string>;
  quantity: number;
  /** The line's total (unit price with options × quantity), minor units (migration 0017). */
  price: Minor;
  /** JSON copy of the chosen option values, [{ group, name, price, groupBn?, nameBn? }] (migration 0008; price in minor units since 0017; Bangla names since 0026). */
  options: Generated<string>;
  /** Staff's note to the kitchen for this line (migration 0010). */
  note: Generated<string | null>;
}

/** A printer that polls for its jobs (migration 0020). */
export interface PrintersTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  name: string;
  role: string;
  /** JSON list of category names (kitchen and bar). */
  categories: Generated<string>;
  paper_mm: number;
  /** sha-256 (hex) of the secret in its poll address. */
  secret_hash: string;
  last_seen: string | null;
  created_at: string;
}

/** A job for one printer (migration 0020): receiptline markup, rendered when fetched. */
export interface PrintJobsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  printer_id: number;
  kind: string;
  title: string;
  ticket_id: number | null;
  bill_id: number | null;
  dedupe: string | null;
  document: string;
  status: string;
  reprint: Generated<number>;
  claim_token: string | null;
  claimed_until: string | null;
  fetched_at: string | null;
  printed_at: string | null;
  failure: string | null;
  created_at: string;
}
