import type { Selectable } from 'kysely';
import type {
  CategoriesTable,
  ProductsTable,
  OptionGroupsTable,
  OptionValuesTable,
  ImagesTable,
  BranchMenuTable,
  BranchOptionValuesTable,
} from './schema/catalog.ts';
import type {
  UsersTable,
  OrdersTable,
  FavoritesTable,
  ReportsTable,
  AuthUserTable,
  AuthSessionTable,
  AuthAccountTable,
} from './schema/accounts.ts';
import type {
  RestaurantSettingsTable,
  DiningTablesTable,
  TableCombinationsTable,
  ReservationsTable,
  TableHoldsTable,
  OutboxTable,
} from './schema/dining.ts';
import type {
  TicketsTable,
  TicketKeysTable,
  KitchenBucketsTable,
  KitchenBucketChangesTable,
  KitchenBucketRulesTable,
  TicketLinesTable,
  PrintersTable,
  PrintJobsTable,
} from './schema/kitchen.ts';
import type {
  BillsTable,
  BillDiscountsTable,
  BillPaymentsTable,
  BillRefundsTable,
  ReceiptCounterTable,
  DayNumbersTable,
  CashCountsTable,
  PaymentsTable,
  PaymentRefundsTable,
  PaymentEventsTable,
} from './schema/money.ts';
import type {
  RequestKeysTable,
  InstallTable,
  SchedulerLeasesTable,
  AuditEntriesTable,
  BranchesTable,
  BrandSettingsTable,
} from './schema/system.ts';

/**
 * The application's tables as Kysely sees them. The SQL lives in migrations/;
 * this file only types it. Booleans are integers (0/1) and timestamps ISO text on
 * both engines, so that one repository serves SQLite and PostgreSQL alike. The tables are
 * declared by what they hold in schema/ (catalog, accounts, dining, kitchen, money, system).
 */

export type {
  CategoriesTable,
  ProductsTable,
  OptionGroupsTable,
  OptionValuesTable,
  ImagesTable,
} from './schema/catalog.ts';
export type {
  UsersTable,
  OrdersTable,
  FavoritesTable,
  ReportsTable,
  AuthUserTable,
  AuthSessionTable,
  AuthAccountTable,
} from './schema/accounts.ts';
export type {
  RestaurantSettingsTable,
  DiningTablesTable,
  TableCombinationsTable,
  ReservationsTable,
  TableHoldsTable,
  OutboxTable,
} from './schema/dining.ts';
export type {
  TicketsTable,
  TicketKeysTable,
  KitchenBucketsTable,
  KitchenBucketChangesTable,
  KitchenBucketRulesTable,
  TicketLinesTable,
  PrintersTable,
  PrintJobsTable,
} from './schema/kitchen.ts';
export type {
  BillsTable,
  BillDiscountsTable,
  BillPaymentsTable,
  BillRefundsTable,
  ReceiptCounterTable,
  DayNumbersTable,
  CashCountsTable,
  PaymentsTable,
  PaymentRefundsTable,
  PaymentEventsTable,
} from './schema/money.ts';
export type {
  RequestKeysTable,
  InstallTable,
  SchedulerLeasesTable,
  AuditEntriesTable,
  BranchesTable,
  BrandSettingsTable,
} from './schema/system.ts';

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
  kitchen_bucket_changes: KitchenBucketChangesTable;
  bills: BillsTable;
  bill_discounts: BillDiscountsTable;
  bill_payments: BillPaymentsTable;
  bill_refunds: BillRefundsTable;
  receipt_counter: ReceiptCounterTable;
  day_numbers: DayNumbersTable;
  cash_counts: CashCountsTable;
  kitchen_bucket_rules: KitchenBucketRulesTable;
  payments: PaymentsTable;
  payment_refunds: PaymentRefundsTable;
  payment_events: PaymentEventsTable;
  request_keys: RequestKeysTable;
  install: InstallTable;
  scheduler_leases: SchedulerLeasesTable;
  audit_entries: AuditEntriesTable;
  printers: PrintersTable;
  print_jobs: PrintJobsTable;
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
  branches: BranchesTable;
  brand_settings: BrandSettingsTable;
  branch_menu: BranchMenuTable;
  branch_option_values: BranchOptionValuesTable;
}

export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type FavoriteRow = Selectable<FavoritesTable>;
export type ReportRow = Selectable<ReportsTable>;
