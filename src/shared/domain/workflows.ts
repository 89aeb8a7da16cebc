import type { ReservationStatus } from '../contract/reservations.ts';

/**
 * Status workflows as transition tables, read by the server to refuse and by the UI to show
 * only the buttons that apply (STYLE.md "Domain rules as plain data").
 */
export const RESERVATION_TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = {
  booked: ['seated', 'cancelled', 'no_show'],
  seated: ['completed'],
  completed: [],
  cancelled: [],
  no_show: ['booked'],
};

export function canMoveReservation(from: ReservationStatus, to: ReservationStatus): boolean {
  return RESERVATION_TRANSITIONS[from].includes(to);
}

/** Statuses whose covers count toward their slot's pacing. */
export const COUNTED_STATUSES: readonly ReservationStatus[] = ['booked', 'seated', 'completed'];
