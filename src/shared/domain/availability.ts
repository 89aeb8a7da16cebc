import type { RestaurantSettings } from '../contract/restaurant.ts';
import { minutesOf, timeOf } from '../contract/restaurant.ts';
import { addDays, addMinutes, daysBetween, instantOf, localToday, weekdayOf } from './local-time.ts';

/**
 * Which times of a date can seat a party (OPERATIONS.md "Tables and reservations"), as one
 * pure function of the settings, the dining room, what is already booked and the clock. The
 * repositories only load these inputs; the booking transaction calls the same function again
 * on what it reads inside the transaction.
 */

export type UnavailableReason = 'past' | 'too soon' | 'full' | 'no table';

export interface Slot {
  time: string;
  startsAt: string;
  available: boolean;
  reason?: UnavailableReason;
}

export interface DiningTable {
  id: number;
  name: string;
  minCovers: number;
  maxCovers: number;
  active: boolean;
}

export interface TableCombination {
  id: number;
  tableIds: number[];
  minCovers: number;
  maxCovers: number;
}

/** A table held from startsAt until endsAt (a booked or seated reservation; a completed one until it ended). */
export interface TableHold {
  reservationId: number;
  tableId: number;
  startsAt: string;
  endsAt: string;
}

/** A reservation that counts toward its slot's covers (booked, seated or completed). */
export interface BookedCovers {
  reservationId: number;
  startsAt: string;
  partySize: number;
}

export interface DiningRoom {
  tables: DiningTable[];
  combinations: TableCombination[];
  holds: TableHold[];
  covers: BookedCovers[];
}

export type ReservationRules = Pick<RestaurantSettings, 'timeZone' | 'openingHours' | 'closedDates' | 'reservations'>;

export interface SlotOptions {
  /** A move: the reservation's own holds and covers do not count against it. */
  ignoreReservationId?: number;
  /** Staff bookings may exceed coversPerSlot (the host decides), never a table's time. */
  ignorePacing?: boolean;
  /** Staff may book inside the lead time (a phone call for tonight). */
  ignoreLead?: boolean;
}

/** The turn time of a party: the first entry whose maxParty is at least the party (else the last). */
export function turnMinutesFor(rules: ReservationRules, partySize: number): number {
  const list = rules.reservations.turnMinutes;
  return (list.find((entry) => entry.maxParty >= partySize) ?? list[list.length - 1])?.minutes ?? 120;
}

/** Whether the restaurant takes bookings on a date at all: open that weekday, not a closed date. */
export function isOpenDate(rules: ReservationRules, date: string): boolean {
  return !rules.closedDates.includes(date) && rules.openingHours.some((span) => span.day === weekdayOf(date));
}

/** Whether a date can be booked at `now`: open, not past, within the horizon. */
export function isBookableDate(rules: ReservationRules, date: string, now: string): boolean {
  const today = localToday(now, rules.timeZone);
  const ahead = daysBetween(today, date);
  return ahead >= 0 && ahead <= rules.reservations.horizonDays && isOpenDate(rules, date);
}

/** Every slot time (minutes since midnight) of a date's opening spans, in order. */
export function slotMinutesOf(rules: ReservationRules, date: string): number[] {
  const step = rules.reservations.slotMinutes;
  const spans = rules.openingHours.filter((span) => span.day === weekdayOf(date)).sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
  const times: number[] = [];
  for (const span of spans) {
    const open = minutesOf(span.open);
    const close = minutesOf(span.close);
    const last = close - rules.reservations.lastSeatingMinutes;
    for (let t = open; t < close && t <= last; t += step) times.push(t);
  }
  return times;
}

const overlaps = (aStart: string, aEnd: string, bStart: string, bEnd: string) => aStart < bEnd && bStart < aEnd;

/**
 * The best free place for a party from `startsAt` to `endsAt`: the table or combination whose
 * covers range fits, free for the whole time, with the fewest empty seats, single tables before
 * combinations; null when none is free.
 */
export function bestFit(room: DiningRoom, partySize: number, startsAt: string, endsAt: string, ignoreReservationId?: number): { tableIds: number[] } | null {
  const active = new Map(room.tables.filter((t) => t.active).map((t) => [t.id, t]));
  const busy = new Set(
    room.holds.filter((h) => h.reservationId !== ignoreReservationId && overlaps(h.startsAt, h.endsAt, startsAt, endsAt)).map((h) => h.tableId),
  );
  const places = [
    ...room.tables.filter((t) => t.active).map((t) => ({ tableIds: [t.id], minCovers: t.minCovers, maxCovers: t.maxCovers, combined: 0, key: t.name })),
    ...room.combinations
      .filter((c) => c.tableIds.every((id) => active.has(id)))
      .map((c) => ({ tableIds: [...c.tableIds], minCovers: c.minCovers, maxCovers: c.maxCovers, combined: 1, key: `~${c.id}` })),
  ]
    .filter((p) => p.minCovers <= partySize && partySize <= p.maxCovers && p.tableIds.every((id) => !busy.has(id)))
    .sort((a, b) => a.maxCovers - partySize - (b.maxCovers - partySize) || a.combined - b.combined || a.key.localeCompare(b.key, 'en', { numeric: true }));
  const best = places[0];
  return best ? { tableIds: best.tableIds } : null;
}

/** Every slot of a date for a party, each available or with its reason; empty for a closed, past or too distant date. */
export function slotsFor(rules: ReservationRules, room: DiningRoom, date: string, partySize: number, now: string, options: SlotOptions = {}): Slot[] {
  if (!isBookableDate(rules, date, now)) return [];
  const turn = turnMinutesFor(rules, partySize);
  const earliest = addMinutes(now, options.ignoreLead ? 0 : rules.reservations.leadMinutes);
  const slots: Slot[] = [];
  for (const minutes of slotMinutesOf(rules, date)) {
    const startsAt = instantOf(date, minutes, rules.timeZone);
    if (startsAt === null) continue; // the hour the clocks skip has no slots
    const slot: Slot = { time: timeOf(minutes), startsAt, available: false };
    if (startsAt <= now) slot.reason = 'past';
    else if (startsAt < earliest) slot.reason = 'too soon';
    else if (
      !options.ignorePacing &&
      room.covers.filter((c) => c.startsAt === startsAt && c.reservationId !== options.ignoreReservationId).reduce((sum, c) => sum + c.partySize, 0) + partySize >
        rules.reservations.coversPerSlot
    )
      slot.reason = 'full';
    else if (!bestFit(room, partySize, startsAt, addMinutes(startsAt, turn), options.ignoreReservationId)) slot.reason = 'no table';
    else slot.available = true;
    slots.push(slot);
  }
  return slots;
}

/** The last local date a guest may book at `now`. */
export function horizonDate(rules: ReservationRules, now: string): string {
  return addDays(localToday(now, rules.timeZone), rules.reservations.horizonDays);
}
