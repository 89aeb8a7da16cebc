import type { Generated } from 'kysely';

/** The dining room and its bookings: settings, tables and their combinations, reservations, holds, the mail outbox. (Typed as schema.ts says: booleans 0/1, timestamps ISO text.) */

/**
 * The restaurant's settings (docs/reference/operations.md), one row of JSON (migration 0005); its amounts
 * (delivery fee and minimum, deposit per cover) in minor units since migration 0017.
 */
export interface RestaurantSettingsTable {
  id: number;
  body: string;
  updated_at: string;
}

export interface DiningTablesTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  name: string;
  min_covers: number;
  max_covers: number;
  active: Generated<number>;
  created_at: string;
}

export interface TableCombinationsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  /** JSON array of dining_tables ids. */
  table_ids: string;
  min_covers: number;
  max_covers: number;
  created_at: string;
}

export interface ReservationsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  user_id: number | null;
  date: string;
  time: string;
  starts_at: string;
  ends_at: string;
  party_size: number;
  name: string;
  phone: string;
  email: string | null;
  notes: string;
  status: string;
  source: string;
  created_at: string;
  updated_at: string;
  seated_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  no_show_at: string | null;
  /** The language the guest booked in ('en', 'bn'); null: the restaurant's (migration 0024). */
  language: string | null;
}

/** Instants: ISO text on SQLite, timestamptz (a Date when read) on PostgreSQL. */
export interface TableHoldsTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  reservation_id: number;
  table_id: number;
  starts_at: string | Date;
  ends_at: string | Date;
  active: Generated<number>;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  /** The HTML body beside the text (migration 0024); null for mails written before. */
  html: string | null;
  ics: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}
