import type { Minor } from '../../../shared/domain/money.ts';
import type { Generated } from 'kysely';

/** What keeps writes once and the servers in step: request keys, the install, scheduler leases. (Typed as schema.ts says: booleans 0/1, timestamps ISO text.) */

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

/** One act on money or power, append-only (migration 0029, decision 056); `amount` in minor units, `before`/`after` JSON. */
export interface AuditEntriesTable {
  /** Its branch (migration 0037, decision 062); 1 until branches can be created. */
  branch_id: Generated<number>;
  id: Generated<number>;
  at: string;
  local_date: string;
  kind: string;
  ref: string | null;
  staff_id: number | null;
  staff_name: string;
  staff_email: string;
  staff_role: string;
  address: string;
  subject: string;
  amount: Minor | null;
  reason: string | null;
  before: string | null;
  after: string | null;
}

/**
 * A branch of the brand (migration 0036, decision 062): its address on the site, its name in
 * Bangla and its place in the lists. Its name, address, phone, time zone and hours are its
 * settings row's (`restaurant_settings` with the same id). Archived, not deleted: its history stays.
 */
export interface BranchesTable {
  id: number;
  slug: string;
  name_bn: string | null;
  position: number;
  archived_at: string | null;
  created_at: string;
}

/** The brand's own name (migration 0043, decision 062): one row; none yet, the brand is named as its first branch. */
export interface BrandSettingsTable {
  id: number;
  name: string;
  updated_at: string;
}
