import { randomBytes } from 'node:crypto';
import type { Delivery, Published } from './publisher.ts';

/**
 * What this server sent on its event streams lately, so a client that reconnects with
 * `Last-Event-ID` hears what it missed instead of reloading everything (docs/decisions/012).
 * Each delivery gets an id `<bootId>-<seq>`: bootId is random per journal (one per server
 * process), seq counts up from 1. An id of another server, of an earlier process, older than
 * what is kept, or malformed is unknown, and its stream is told to resync as before.
 *
 * The journal keeps the last `capacity` events no older than `maxAgeMs`. A resync (a gap in
 * what this server heard) takes a number of its own and forgets everything before it: an id
 * from before the gap is unknown, an id at or after it resumes.
 */

export interface JournalEntry {
  id: string;
  published: Published;
}

export type Recorded = { id: string; delivery: Delivery };

export type Resume = { kind: 'replay'; entries: JournalEntry[] } | { kind: 'unknown' };

export interface EventJournal {
  readonly bootId: string;
  /** Numbers a delivery (an event or a resync) and keeps it. */
  record(delivery: Delivery): Recorded;
  /** The events after `lastEventId`, oldest first, or unknown when they cannot all be told. */
  since(lastEventId: string | undefined): Resume;
  /** The id of the newest delivery (`<bootId>-0` before the first). */
  readonly lastId: string;
}

/** Longest `Last-Event-ID` looked at; anything longer is unknown without being parsed. */
export const MAX_EVENT_ID_LENGTH = 64;
const ID_PATTERN = /^([0-9a-f]{16})-(0|[1-9][0-9]{0,14})$/;

export interface JournalOptions {
  capacity?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export function createEventJournal({
  capacity = 500,
  maxAgeMs = 5 * 60_000,
  now = Date.now,
}: JournalOptions = {}): EventJournal {
  const bootId = randomBytes(8).toString('hex');
  const entries: { seq: number; at: number; published: Published }[] = [];
  let seq = 0;
  /** Events up to and including this number may be lost: an id below it cannot resume. */
  let forgottenThrough = 0;
  const idOf = (n: number) => `${bootId}-${n}`;

  const prune = () => {
    const oldest = now() - maxAgeMs;
    while (entries.length > 0 && (entries.length > capacity || (entries[0] as { at: number }).at < oldest)) {
      forgottenThrough = (entries.shift() as { seq: number }).seq;
    }
  };

  return {
    bootId,
    get lastId() {
      return idOf(seq);
    },
    record(delivery) {
      seq += 1;
      if (delivery.kind === 'resync') {
        // What came before the gap can no longer be told completely.
        entries.length = 0;
        forgottenThrough = seq;
      } else {
        entries.push({ seq, at: now(), published: delivery.published });
        prune();
      }
      return { id: idOf(seq), delivery };
    },
    since(lastEventId) {
      if (lastEventId === undefined || lastEventId.length > MAX_EVENT_ID_LENGTH) return { kind: 'unknown' };
      const match = ID_PATTERN.exec(lastEventId);
      if (!match || match[1] !== bootId) return { kind: 'unknown' };
      const after = Number(match[2]);
      prune();
      if (after > seq || after < forgottenThrough) return { kind: 'unknown' };
      return {
        kind: 'replay',
        entries: entries
          .filter((entry) => entry.seq > after)
          .map((entry) => ({ id: idOf(entry.seq), published: entry.published })),
      };
    },
  };
}
