import { describe, expect, it } from 'vitest';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../../src/shared/contract/reservations.ts';
import {
  COUNTED_STATUSES,
  HOLDING_STATUSES,
  RESERVATION_HOLDS_ON_ENTERING,
  RESERVATION_PERMISSIONS,
  RESERVATION_STATUS_TIME,
  RESERVATION_TRANSITIONS,
  RESERVATION_TRANSITION_DAYS,
  reservationActionRefusal,
  reservationTransitionRefusal,
} from '../../../src/shared/domain/workflows.ts';

/**
 * The reservation rules as tables (shared/domain/workflows.ts, issue 35 point 4): the tables
 * against docs/reference/operations.md "Tables and reservations", against each other, and the two functions
 * the server asks, over every status, actor and case.
 */

describe('reservation transitions', () => {
  /**
   * docs/reference/operations.md: `booked → seated | cancelled | no_show`, `seated → completed`, `no_show →
   * booked` (same day); docs/reference/ordering.md "Payments" (deposits): a `pending_deposit` booking may be
   * cancelled (its paid deposit makes it booked, never a button); anything else 409.
   */
  const SPEC: [ReservationStatus, ReservationStatus, 'any day' | 'own day'][] = [
    ['pending_deposit', 'cancelled', 'any day'],
    ['booked', 'seated', 'any day'],
    ['booked', 'cancelled', 'any day'],
    ['booked', 'no_show', 'any day'],
    ['seated', 'completed', 'any day'],
    ['no_show', 'booked', 'own day'],
  ];

  it('allow exactly the transitions of docs/reference/operations.md, each on the days it says, over all 36 pairs', () => {
    for (const from of RESERVATION_STATUSES) {
      for (const to of RESERVATION_STATUSES) {
        const spec = SPEC.find(([f, t]) => f === from && t === to);
        const expected = [
          spec ? undefined : 'status',
          spec?.[2] === 'own day' ? 'not-its-day' : spec ? undefined : 'status',
        ];
        expect([
          from,
          to,
          reservationTransitionRefusal(from, to, true),
          reservationTransitionRefusal(from, to, false),
        ]).toEqual([from, to, ...expected]);
      }
    }
  });

  it('name every status, and a day rule only for a transition the table allows', () => {
    expect(Object.keys(RESERVATION_TRANSITIONS).sort()).toEqual([...RESERVATION_STATUSES].sort());
    for (const [from, rules] of Object.entries(RESERVATION_TRANSITION_DAYS)) {
      for (const to of Object.keys(rules ?? {}))
        expect(RESERVATION_TRANSITIONS[from as ReservationStatus]).toContain(to);
    }
  });

  it('reach every status from a booking (booked, or awaiting its deposit), and end in completed or cancelled', () => {
    const reached = new Set<ReservationStatus>(['booked', 'pending_deposit']);
    for (let added = true; added;) {
      added = false;
      for (const from of [...reached]) {
        for (const to of RESERVATION_TRANSITIONS[from]) {
          if (reached.has(to)) continue;
          reached.add(to);
          added = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...RESERVATION_STATUSES].sort());
    expect(RESERVATION_STATUSES.filter((s) => RESERVATION_TRANSITIONS[s].length === 0).sort()).toEqual([
      'cancelled',
      'completed',
    ]);
  });
});

describe('who may change or cancel a reservation', () => {
  it('answers every action × actor × status × cut-off as docs/reference/operations.md says', () => {
    // [action, actor, status, before the cut-off?, refusal]
    const cases: ['change' | 'cancel', 'guest' | 'staff', ReservationStatus, boolean, string | undefined][] = [];
    for (const status of RESERVATION_STATUSES) {
      for (const before of [true, false]) {
        // A guest changes or cancels a booking until the cut-off, and then must call; one awaiting its deposit may be cancelled, not changed.
        const cancellable = status === 'booked' || status === 'pending_deposit';
        cases.push(['change', 'guest', status, before, status !== 'booked' ? 'status' : before ? undefined : 'cutoff']);
        cases.push(['cancel', 'guest', status, before, !cancellable ? 'status' : before ? undefined : 'cutoff']);
        // Staff move a booked or seated party at any time, and cancel a booking at any time.
        cases.push([
          'change',
          'staff',
          status,
          before,
          status === 'booked' || status === 'seated' ? undefined : 'status',
        ]);
        cases.push(['cancel', 'staff', status, before, cancellable ? undefined : 'status']);
      }
    }
    expect(cases).toHaveLength(48);
    for (const [action, actor, status, before, refusal] of cases) {
      expect([action, actor, status, before, reservationActionRefusal(action, actor, status, before)]).toEqual([
        action,
        actor,
        status,
        before,
        refusal,
      ]);
    }
  });

  it('never lets a guest do more than the staff', () => {
    for (const action of ['change', 'cancel'] as const) {
      const { guest, staff } = RESERVATION_PERMISSIONS[action];
      for (const status of guest.statuses) expect(staff.statuses).toContain(status);
      expect(staff.untilCutoff && !guest.untilCutoff).toBe(false);
    }
  });
});

describe('what a status does to the reservation', () => {
  it('holds its tables exactly while awaiting its deposit, booked or seated', () => {
    expect([...HOLDING_STATUSES].sort()).toEqual(['booked', 'pending_deposit', 'seated']);
    for (const status of RESERVATION_STATUSES) {
      const effect = RESERVATION_HOLDS_ON_ENTERING[status];
      expect([status, HOLDING_STATUSES.includes(status)]).toEqual([
        status,
        effect === 'keep' || effect === 'take-again',
      ]);
    }
    // A no-show gives its tables away; booking it again takes them back.
    expect([RESERVATION_HOLDS_ON_ENTERING.no_show, RESERVATION_HOLDS_ON_ENTERING.booked]).toEqual([
      'release',
      'take-again',
    ]);
    // An early completion frees the rest of the turn; a cancellation all of it.
    expect([RESERVATION_HOLDS_ON_ENTERING.completed, RESERVATION_HOLDS_ON_ENTERING.cancelled]).toEqual([
      'end-now',
      'release',
    ]);
  });

  it('stamps one time per status, a different one for each', () => {
    const times = RESERVATION_STATUSES.map((s) => RESERVATION_STATUS_TIME[s]);
    expect(times).toEqual([undefined, undefined, 'seatedAt', 'completedAt', 'cancelledAt', 'noShowAt']);
    expect(new Set(times.filter(Boolean)).size).toBe(4);
  });

  it('counts toward pacing every status whose party comes', () => {
    // A booking awaiting its deposit holds its place in the slot, as its table.
    expect([...COUNTED_STATUSES].sort()).toEqual(['booked', 'completed', 'pending_deposit', 'seated']);
    for (const status of HOLDING_STATUSES) expect(COUNTED_STATUSES).toContain(status);
  });
});
