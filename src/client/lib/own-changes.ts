/**
 * The live events of this device's own changes (decision 063). A change's answer already shows
 * what its one event tells, so that event reads nothing. The server tells events in the order their
 * changes committed: the events of changes committed before ours (which our answer includes) come
 * before ours, those committed after come after it. So, per thing changed (`key`, e.g. "bill:12"):
 * events heard while our change is on its way are ours or older, and one event heard after the
 * answer is ours, unless one was heard before it; when more than one was heard on the way, one of
 * them may be newer than our answer, and the thing is read again. An event owed for longer than
 * OWED_MS is given up on (the stream dropped: a reconnect reads everything again).
 */
const OWED_MS = 5_000;

interface Entry {
  onTheWay: number;
  heard: number;
  owedUntil: number;
}

const entries = new Map<string, Entry>();

export const ownChanges = {
  /** Before a change of `key` is sent. */
  sending(key: string): void {
    const entry = entries.get(key) ?? { onTheWay: 0, heard: 0, owedUntil: 0 };
    entry.onTheWay += 1;
    entries.set(key, entry);
  },

  /** The change was answered (`ok`) or refused or lost: whether what was heard meanwhile must be read again. */
  settled(key: string, ok: boolean): boolean {
    const entry = entries.get(key);
    if (!entry) return false;
    entry.onTheWay -= 1;
    if (entry.onTheWay > 0) return false;
    const heard = entry.heard;
    entry.heard = 0;
    if (ok && heard === 0) {
      entry.owedUntil = Date.now() + OWED_MS;
      return false;
    }
    entries.delete(key);
    return ok ? heard > 1 : heard > 0;
  },

  /** An event about `key`: whether it is (or is older than) this device's own change, so that nothing needs reading. */
  isOwn(key: string): boolean {
    const entry = entries.get(key);
    if (!entry) return false;
    if (entry.onTheWay > 0) {
      entry.heard += 1;
      return true;
    }
    entries.delete(key);
    return Date.now() <= entry.owedUntil;
  },
};
