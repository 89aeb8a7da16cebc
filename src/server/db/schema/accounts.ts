import type { Minor } from '../../../shared/domain/money.ts';
import type { Generated } from 'kysely';

/** Accounts and what a guest keeps: users, the identity library's tables, booking orders, favourites and dish reports. (Typed as schema.ts says: booleans 0/1, timestamps ISO text.) */

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  user_img: string | null;
  role: string;
  /** The branches a staff member or administrator holds their role at, a JSON array of ids; null: every branch (migration 0039). */
  branches: string | null;
  /** The identity (Better Auth) user this record belongs to. */
  auth_user_id: string | null;
  created_at: string;
}

/** What orders, favourites and reports copy of their dish (db/dish-copy.ts), with their owner. */
export interface DishCopyTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  name: string;
  img: string;
  category: string;
  /** The dish's Bangla name and category as copied ('' where none; migration 0026, decision 050). */
  name_bn: Generated<string>;
  category_bn: Generated<string>;
  created_at: string;
}

export interface OrdersTable extends DishCopyTable {
  /** Minor units (migration 0017). */
  unit_price: Minor;
  quantity: number;
  /** unit_price × quantity, computed on the server from the catalogue, minor units. */
  total_price: Minor;
  status: string;
  payment: string | null;
  pay_method: string | null;
  pay_account: string | null;
  /** The ticket that placed this line (migration 0006); null while it waits in the bag. */
  ticket_id: Generated<number | null>;
  /** JSON copy of the chosen option values, [{ group, name, price, groupBn?, nameBn? }] (migration 0008; price in minor units since 0017; Bangla names since 0026). */
  options: Generated<string>;
  /** The branch the line was put in at (migration 0041): the bag belongs to one branch. */
  branch_id: Generated<number>;
}

export interface FavoritesTable extends DishCopyTable {
  /** Minor units (migration 0017). */
  unit_price: Minor;
  quantity: number;
  status: string;
}

export interface ReportsTable extends DishCopyTable {
  report_text: string;
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
