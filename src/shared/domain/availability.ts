import type { RestaurantSettings } from '../contract/restaurant.ts';
import { timeOf } from './clock-time.ts';
import { addMinutes, daysBetween, instantOf, localToday, opensOn, spanMinutesOn } from './wall-clock.ts';

/**
 * Which times of a date can seat a party (docs/reference/operations.md "Tables and reservations"), as one
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
  /** A booking of one time ("19:30"): only that slot is worked out (none when the day has no such time). */
  only?: string;
}

/** The turn time of a party: the first entry whose maxParty is at least the party (else the last). */
export function turnMinutesFor(rules: ReservationRules, partySize: number): number {
  const list = rules.reservations.turnMinutes;
  return (list.find((entry) => entry.maxParty >= partySize) ?? list[list.length - 1])?.minutes ?? 120;
}

/** Whether the restaurant takes bookings on a date at all: open that weekday, not a closed date. */
export function isOpenDate(rules: ReservationRules, date: string): boolean {
  return opensOn(rules, date);
}

/** Whether a date can be booked at `now`: open, not past, within the horizon. */
export function isBookableDate(rules: ReservationRules, date: string, now: string): boolean {
  const today = localToday(now, rules.timeZone);
  const ahead = daysBetween(today, date);
  return ahead >= 0 && ahead <= rules.reservations.horizonDays && isOpenDate(rules, date);
}

/** Every slot time (minutes since midnight) of a date's opening spans, in order (wall times: the clocks' changes are instantOf's). */
function slotMinutesOf(rules: ReservationRules, date: string): number[] {
  const step = rules.reservations.slotMinutes;
  const times: number[] = [];
  for (const { open, close } of spanMinutesOn(rules, date)) {
    const last = close - rules.reservations.lastSeatingMinutes;
    for (let t = open; t < close && t <= last; t += step) times.push(t);
  }
  return times;
}

const overlaps = (aStart: string, aEnd: string, bStart: string, bEnd: string) => aStart < bEnd && bStart < aEnd;
/** Table names in their natural order (T2 before T10); made once, as a collator is costly to make. */
const byName = new Intl.Collator('en', { numeric: true });

/** The places (tables and combinations) that fit a party, best first, and each table's holds. */
interface PreparedRoom {
  places: number[][];
  holdsByTable: Map<number, { startsAt: string; endsAt: string }[]>;
}

/**
 * Orders the places that fit a party once: the fewest empty seats first, single tables before
 * combinations (a combination can be used when all its tables are active), then by name.
 */
function prepareRoom(room: DiningRoom, partySize: number, ignoreReservationId?: number): PreparedRoom {
  const active = new Set(room.tables.filter((t) => t.active).map((t) => t.id));
  const places = [
    ...room.tables
      .filter((t) => t.active)
      .map((t) => ({ tableIds: [t.id], minCovers: t.minCovers, maxCovers: t.maxCovers, combined: 0, key: t.name })),
    ...room.combinations
      .filter((c) => c.tableIds.every((id) => active.has(id)))
      .map((c) => ({
        tableIds: [...c.tableIds],
        minCovers: c.minCovers,
        maxCovers: c.maxCovers,
        combined: 1,
        key: `~${c.id}`,
      })),
  ]
    .filter((p) => p.minCovers <= partySize && partySize <= p.maxCovers)
    .sort((a, b) => a.maxCovers - b.maxCovers || a.combined - b.combined || byName.compare(a.key, b.key));
  const holdsByTable = new Map<number, { startsAt: string; endsAt: string }[]>();
  for (const h of room.holds) {
    if (h.reservationId === ignoreReservationId) continue;
    const list = holdsByTable.get(h.tableId);
    if (list) list.push(h);
    else holdsByTable.set(h.tableId, [h]);
  }
  return { places: places.map((p) => p.tableIds), holdsByTable };
}

function firstFree(room: PreparedRoom, startsAt: string, endsAt: string): { tableIds: number[] } | null {
  const free = (tableId: number) =>
    !(room.holdsByTable.get(tableId) ?? []).some((h) => overlaps(h.startsAt, h.endsAt, startsAt, endsAt));
  const place = room.places.find((tableIds) => tableIds.every(free));
  return place ? { tableIds: place } : null;
}

/**
 * The best free place for a party from `startsAt` to `endsAt`: the table or combination whose
 * covers range fits, free for the whole time, with the fewest empty seats, single tables before
 * combinations; null when none is free.
 */
export function bestFit(
  room: DiningRoom,
  partySize: number,
  startsAt: string,
  endsAt: string,
  ignoreReservationId?: number,
): { tableIds: number[] } | null {
  return firstFree(prepareRoom(room, partySize, ignoreReservationId), startsAt, endsAt);
}

/** Every slot of a date for a party, each available or with its reason; empty for a closed, past or too distant date. */
export function slotsFor(
  rules: ReservationRules,
  room: DiningRoom,
  date: string,
  partySize: number,
  now: string,
  options: SlotOptions = {},
): Slot[] {
  if (!isBookableDate(rules, date, now)) return [];
  const turn = turnMinutesFor(rules, partySize);
  const earliest = addMinutes(now, options.ignoreLead ? 0 : rules.reservations.leadMinutes);
  const slots: Slot[] = [];
  // Covers already starting at each instant (a move leaves its own out).
  const prepared = prepareRoom(room, partySize, options.ignoreReservationId);
  const coversAt = new Map<string, number>();
  for (const c of room.covers)
    if (c.reservationId !== options.ignoreReservationId)
      coversAt.set(c.startsAt, (coversAt.get(c.startsAt) ?? 0) + c.partySize);
  for (const minutes of slotMinutesOf(rules, date)) {
    if (options.only !== undefined && timeOf(minutes) !== options.only) continue;
    const startsAt = instantOf(date, minutes, rules.timeZone);
    if (startsAt === null) continue; // a time the clocks skip is not offered (wall-clock.ts, the rule)
    const slot: Slot = { time: timeOf(minutes), startsAt, available: false };
    if (startsAt <= now) slot.reason = 'past';
    else if (startsAt < earliest) slot.reason = 'too soon';
    else if (!options.ignorePacing && (coversAt.get(startsAt) ?? 0) + partySize > rules.reservations.coversPerSlot)
      slot.reason = 'full';
    else if (!firstFree(prepared, startsAt, addMinutes(startsAt, turn))) slot.reason = 'no table';
    else slot.available = true;
    slots.push(slot);
  }
  return slots;
}
