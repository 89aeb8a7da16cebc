import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import type { DiningTableView } from '../../../src/shared/contract/tables.ts';
import { tablesFreeForTurn } from '../../../src/client/features/reservations/free-tables.ts';

/** "Move to" offers only the tables free for the booking's whole turn (issue 41, point 4). */

const table = (id: string, maxCovers = 2, active = true): DiningTableView =>
  ({ _id: id, name: `T${id}`, minCovers: 1, maxCovers, active }) as DiningTableView;
const at = (hhmm: string) => `2026-11-28T${hhmm}:00.000Z`;
function booking(
  id: string,
  from: string,
  to: string,
  tables: string[],
  status: Reservation['status'] = 'booked',
  extra: Partial<Reservation> = {},
): Reservation {
  return {
    _id: id,
    date: '2026-11-28',
    time: from,
    startsAt: at(from),
    endsAt: at(to),
    partySize: 2,
    tables: tables.map((t) => ({ _id: t, name: `T${t}` })),
    status,
    completedAt: null,
    ...extra,
  } as Reservation;
}

describe('tablesFreeForTurn', () => {
  const room = [table('1'), table('2'), table('3'), table('4'), table('5', 2, false), table('6', 1)];
  const mine = booking('a', '19:00', '20:30', ['1']);

  it('leaves out its own table, tables held for any minute of its turn, tables off and tables too small', () => {
    const book = [
      mine,
      booking('b', '18:00', '19:01', ['2']), // overlaps its first minute
      booking('c', '20:29', '22:00', ['3']), // overlaps its last minute
      booking('d', '20:30', '22:00', ['4']), // starts as it ends: free
    ];
    expect(tablesFreeForTurn(mine, book, room).map((t) => t._id)).toEqual(['4']);
  });

  it('counts a completed booking only until it completed, and cancelled or no-show ones not at all', () => {
    const book = [
      mine,
      booking('b', '17:30', '19:30', ['2'], 'completed', { completedAt: at('18:50') }),
      booking('c', '19:00', '20:30', ['3'], 'cancelled'),
      booking('d', '19:00', '20:30', ['4'], 'no_show'),
      booking('e', '18:00', '20:00', ['6'], 'seated'),
    ];
    expect(tablesFreeForTurn(mine, book, room).map((t) => t._id)).toEqual(['2', '3', '4']);
  });
});
