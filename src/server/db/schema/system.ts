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
