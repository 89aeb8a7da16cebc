import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The application's tables as Kysely sees them. The SQL lives in migrations/;
 * this file only types it. Booleans are integers (0/1) and timestamps ISO text on
 * both engines, so that one repository serves SQLite and PostgreSQL alike.
 */

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  img: string;
  /** Whole dollars. */
  price: number;
  reatings: number;
  /** JSON array of ingredient strings. */
  items: string;
  category: string;
  populler: number;
  created_at: string;
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
  unit_price: number;
  quantity: number;
  /** unit_price × quantity, computed on the server from the catalogue. */
  total_price: number;
  status: string;
  payment: string | null;
  pay_method: string | null;
  pay_account: string | null;
  created_at: string;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  name: string;
  img: string;
  category: string;
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
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
}

export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type FavoriteRow = Selectable<FavoritesTable>;
export type ReportRow = Selectable<ReportsTable>;
