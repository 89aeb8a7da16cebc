import type { Reservation } from '@shared/contract/reservations.ts';
import type { DiningTableView } from '@shared/contract/tables.ts';

/**
 * The tables a booking may move to (issue 41, point 4): active, seating its party, not its own,
 * and held by no other booking of the book for any minute of its turn. A booking holds its
 * tables from its start to its end while awaiting its deposit, booked or seated; a completed one until it completed
 * (the party left and freed the table); cancelled and no-show bookings hold nothing. This is
 * the same rule the server refuses a move by (tables.service hold, with "That time is no longer
 * available"), read from the day's book so the list offers only what the server will accept.
 */
export function tablesFreeForTurn(
  reservation: Reservation,
  book: readonly Reservation[],
  tables: readonly DiningTableView[],
): DiningTableView[] {
  const start = Date.parse(reservation.startsAt);
  const end = Date.parse(reservation.endsAt);
  const taken = new Set<string>();
  for (const other of book) {
    if (other._id === reservation._id) continue;
    if (
      other.status !== 'pending_deposit' &&
      other.status !== 'booked' &&
      other.status !== 'seated' &&
      other.status !== 'completed'
    )
      continue;
    const otherStart = Date.parse(other.startsAt);
    let otherEnd = Date.parse(other.endsAt);
    if (other.status === 'completed' && other.completedAt) otherEnd = Math.min(otherEnd, Date.parse(other.completedAt));
    if (otherStart < end && start < otherEnd) for (const t of other.tables) taken.add(t._id);
  }
  return tables.filter(
    (t) =>
      t.active &&
      t.maxCovers >= reservation.partySize &&
      !reservation.tables.some((own) => own._id === t._id) &&
      !taken.has(t._id),
  );
}
