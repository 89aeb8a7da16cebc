import type { Generated, Selectable } from 'kysely';

/**
 * The application's tables as Kysely sees them. The SQL lives in migrations/;
 * this file only types it. Booleans are integers (0/1) and timestamps ISO text on
 * both engines, so that one repository serves SQLite and PostgreSQL alike.
 */

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  /** Set when an admin removed it; its name then carries a suffix, so the name is free again. */
  removed_at: string | null;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  img: string;
  /** Minor units (cents), migration 0017. */
  price: number;
  reatings: number;
  /** JSON array of ingredient strings. */
  items: string;
  category: string;
  populler: number;
  created_at: string;
  description: Generated<string>;
  /** JSON array of ALLERGENS names. */
  allergens: Generated<string>;
  /** JSON array of DIETS names. */
  diet: Generated<string>;
  spicy: Generated<number>;
  /** 1 on the menu, 0 sold out (until sold_out_until, when set). */
  available: Generated<number>;
  sold_out_until: string | null;
  prep_units: Generated<number>;
  /** Set when an admin removed the dish: it leaves the menu; records keep their copy. */
  removed_at: string | null;
  updated_at: string | null;
  /**
   * The names of the dish's option values, space-separated: words of its full-text entry
   * (ranked below its own), written only by triggers on option_values (migration 0014).
   */
  option_names: Generated<string>;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  user_img: string | null;
  role: string;
  /** The identity (Better Auth) user this record belongs to. */
  auth_user_id: string | null;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  name: string;
  img: string;
  category: string;
  /** Minor units (migration 0017). */
  unit_price: number;
  quantity: number;
  /** unit_price × quantity, computed on the server from the catalogue, minor units. */
  total_price: number;
  status: string;
  payment: string | null;
  pay_method: string | null;
  pay_account: string | null;
  created_at: string;
  /** The ticket that placed this line (migration 0006); null while it waits in the bag. */
  ticket_id: Generated<number | null>;
  /** JSON copy of the chosen option values, [{ group, name, price }] (migration 0008; price in minor units since 0017). */
  options: Generated<string>;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  name: string;
  img: string;
  category: string;
  /** Minor units (migration 0017). */
  unit_price: number;
  quantity: number;
  status: string;
  created_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  name: string;
  img: string;
  category: string;
  report_text: string;
  created_at: string;
}

/** Dish pictures (content-addressed WebP renditions), served under /images/dishes/{name}. */
export interface ImagesTable {
  name: string;
  content_type: string;
  body: Buffer;
  created_at: string;
}

/**
 * The restaurant's settings (OPERATIONS.md), one row of JSON (migration 0005); its amounts
 * (delivery fee and minimum, deposit per cover) in minor units since migration 0017.
 */
export interface RestaurantSettingsTable {
  id: number;
  body: string;
  updated_at: string;
}

export interface DiningTablesTable {
  id: Generated<number>;
  name: string;
  min_covers: number;
  max_covers: number;
  active: Generated<number>;
  created_at: string;
}

export interface TableCombinationsTable {
  id: Generated<number>;
  /** JSON array of dining_tables ids. */
  table_ids: string;
  min_covers: number;
  max_covers: number;
  created_at: string;
}

export interface ReservationsTable {
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
}

/** Instants: ISO text on SQLite, timestamptz (a Date when read) on PostgreSQL. */
export interface TableHoldsTable {
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
  ics: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface TicketsTable {
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
  subtotal: number;
  delivery_fee: number;
  /** The ticket's total: subtotal + service charge + delivery fee (+ taxes when added on top). */
  total: number;
  /** Dine-in service charge, the taxes' sum, each rate's tax (JSON [{ name, rate, base, amount }]) and whether inside the subtotal (migration 0017). */
  service_charge: Generated<number>;
  tax: Generated<number>;
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
  key: string;
  /** sha-256 of what the order asked for (and who sent it): the same key with another body is refused. */
  body_hash: string;
  /** Null only inside the transaction that claimed the key, until its ticket is written. */
  ticket_id: number | null;
  created_at: string;
}

/** An open ticket's units per bucket (migration 0007), under the rules of kitchen_bucket_rules. */
export interface KitchenBucketsTable {
  bucket_start: string;
  units: number;
}

export interface KitchenBucketRulesTable {
  id: number;
  rules: string;
}

export interface TicketLinesTable {
  id: Generated<number>;
  ticket_id: number;
  order_id: number | null;
  product_id: number;
  name: string;
  quantity: number;
  /** The line's total (unit price with options × quantity), minor units (migration 0017). */
  price: number;
  /** JSON copy of the chosen option values, [{ group, name, price }] (migration 0008; price in minor units since 0017). */
  options: Generated<string>;
  /** Staff's note to the kitchen for this line (migration 0010). */
  note: Generated<string | null>;
}

/** A dish's option group (migration 0008), in `position` order. */
export interface OptionGroupsTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  name: string;
  min: number;
  max: number;
}

/** A value of an option group (migration 0008), in `position` order. */
export interface OptionValuesTable {
  id: Generated<number>;
  group_id: number;
  product_id: number;
  position: number;
  name: string;
  /** Minor units (cents). */
  price_cents: number;
  is_default: number;
  available: number;
  /** Tenths of a prep unit (0.5 → 5). */
  prep_tenths: number;
  /** JSON array of ALLERGENS names. */
  allergens: string;
}

/** A bill (migration 0009): amounts in minor units; the money columns are written when it is paid. */
export interface BillsTable {
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
  subtotal: number | null;
  discount: number | null;
  service_charge: number | null;
  delivery_fee: number | null;
  tax: number | null;
  total: number | null;
  tax_inclusive: number | null;
  /** JSON [{ name, rate, base, amount }] once paid. */
  taxes: string | null;
  /** JSON { lineId: rate } once paid. */
  line_rates: string | null;
  /** JSON of the billing rules taken at the first payment (migration 0018); null: the settings of the moment. */
  rules: string | null;
}

export interface BillDiscountsTable {
  id: Generated<number>;
  bill_id: number;
  percent_bp: number | null;
  amount: number | null;
  reason: string;
  by_user_id: number | null;
  by_name: string;
  created_at: string;
}

export interface BillPaymentsTable {
  id: Generated<number>;
  bill_id: number;
  key: string | null;
  request: string | null;
  method: string;
  provider: string;
  amount: number;
  tip: Generated<number>;
  tendered: number | null;
  change: number | null;
  status: string;
  at: string;
  by_user_id: number | null;
  refunded: Generated<number>;
  refunded_at: string | null;
  refunded_date: string | null;
  /** The online payment this is (migration 0012), unique. */
  payment_id: number | null;
}

/** A refund on a bill payment, with the local day it went through (migration 0015). */
export interface BillRefundsTable {
  id: Generated<number>;
  bill_payment_id: number;
  amount: number;
  at: string;
  date: string;
  /** Why it was given back, and by whom (migration 0018; null on older rows and online refunds). */
  reason: string | null;
  by_user_id: number | null;
}

export interface ReceiptCounterTable {
  id: number;
  last_number: number;
}

export interface CashCountsTable {
  id: Generated<number>;
  local_date: string;
  expected: number;
  counted: number;
  by_user_id: number | null;
  at: string;
}

/** A payment asked of a provider (migration 0011); amounts in minor units. */
export interface PaymentsTable {
  id: Generated<number>;
  key: string;
  provider: string;
  provider_ref: string | null;
  capture_ref: string | null;
  redirect_url: string | null;
  status: string;
  amount: number;
  currency: string;
  refunded: Generated<number>;
  ticket_id: number | null;
  bill_id: number | null;
  user_id: number | null;
  failure: string | null;
  created_at: string;
  settled_at: string | null;
  next_check_at: string | null;
  checks: Generated<number>;
  /** A tip on top of what a bill is paid (migration 0012), in `amount`. */
  tip: Generated<number>;
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
  id: Generated<number>;
  payment_id: number;
  key: string;
  amount: number;
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

/** A client's idempotency key in its scope, with the request it was first sent with (migration 0019). */
export interface RequestKeysTable {
  scope: string;
  key: string;
  request: string;
  created_at: string;
}

/** The install's own id, one row (migration 0019): in every idempotency key sent to a provider. */
export interface InstallTable {
  id: number;
  install_id: string;
  /** The last payment and refund ids before it: those keep the keys they were sent with. */
  payments_before: number;
  refunds_before: number;
  created_at: string;
}

/** Who runs a periodic job across servers, until when (migration 0011). */
export interface SchedulerLeasesTable {
  name: string;
  holder: string;
  until: string;
}

/** A printer that polls for its jobs (migration 0020). */
export interface PrintersTable {
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

/** Identity tables (created by migration 0003, written by Better Auth). Only what we query is typed. */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  /** A Date on PostgreSQL, ISO text or epoch milliseconds on SQLite. */
  expiresAt: Date | string | number;
}

export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
  password: string | null;
}

export interface AppDatabase {
  categories: CategoriesTable;
  products: ProductsTable;
  users: UsersTable;
  orders: OrdersTable;
  favorites: FavoritesTable;
  reports: ReportsTable;
  images: ImagesTable;
  restaurant_settings: RestaurantSettingsTable;
  dining_tables: DiningTablesTable;
  table_combinations: TableCombinationsTable;
  reservations: ReservationsTable;
  table_holds: TableHoldsTable;
  outbox: OutboxTable;
  tickets: TicketsTable;
  ticket_lines: TicketLinesTable;
  ticket_keys: TicketKeysTable;
  option_groups: OptionGroupsTable;
  option_values: OptionValuesTable;
  kitchen_buckets: KitchenBucketsTable;
  bills: BillsTable;
  bill_discounts: BillDiscountsTable;
  bill_payments: BillPaymentsTable;
  bill_refunds: BillRefundsTable;
  receipt_counter: ReceiptCounterTable;
  cash_counts: CashCountsTable;
  kitchen_bucket_rules: KitchenBucketRulesTable;
  payments: PaymentsTable;
  payment_refunds: PaymentRefundsTable;
  payment_events: PaymentEventsTable;
  request_keys: RequestKeysTable;
  install: InstallTable;
  scheduler_leases: SchedulerLeasesTable;
  printers: PrintersTable;
  print_jobs: PrintJobsTable;
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
}

export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type FavoriteRow = Selectable<FavoritesTable>;
export type ReportRow = Selectable<ReportsTable>;
