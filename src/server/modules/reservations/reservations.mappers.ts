import type { Reservation, ReservationDeposit, ReservationStatus } from '../../../shared/contract/reservations.ts';
import type { ReservationsTable } from '../../db/schema.ts';

/** Rows of `reservations` in the shape docs/reference/operations.md gives a reservation. */

export const RESERVATION_COLUMNS = [
  'id',
  'branch_id',
  'user_id',
  'date',
  'time',
  'starts_at',
  'ends_at',
  'party_size',
  'name',
  'phone',
  'email',
  'notes',
  'status',
  'source',
  'created_at',
  'seated_at',
  'completed_at',
  'cancelled_at',
  'no_show_at',
  'language',
] as const;

export type ReservationRow = Pick<
  ReservationsTable,
  Exclude<(typeof RESERVATION_COLUMNS)[number], 'id' | 'branch_id'>
> & {
  id: number;
  branch_id: number;
};

/** The row's column for each status time of the contract. */
export const STATUS_TIME_COLUMNS = {
  seatedAt: 'seated_at',
  completedAt: 'completed_at',
  cancelledAt: 'cancelled_at',
  noShowAt: 'no_show_at',
} as const;

export function toReservation(
  row: ReservationRow,
  tables: { _id: string; name: string }[],
  cancellable: boolean,
  deposit: ReservationDeposit | null = null,
): Reservation {
  return {
    _id: String(row.id),
    branchId: String(row.branch_id),
    date: row.date,
    time: row.time,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    partySize: row.party_size,
    name: row.name,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    status: row.status as ReservationStatus,
    tables,
    source: row.source as Reservation['source'],
    createdAt: row.created_at,
    seatedAt: row.seated_at,
    completedAt: row.completed_at,
    cancelledAt: row.cancelled_at,
    noShowAt: row.no_show_at,
    cancellable,
    deposit,
  };
}
