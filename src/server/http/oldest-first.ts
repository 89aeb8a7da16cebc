/**
 * Removes a bounded map's oldest entries one at a time, in insertion order, as
 * `map.delete(map.keys().next().value)` does, without its cost: a Map keeps a deleted entry's
 * slot as a hole until the table is rebuilt, and a new iterator walks every hole from the start,
 * so in a full map of 5,000 answers that take turns (a search never asked before, each one
 * evicting the oldest) every eviction walked thousands of holes, about 5 µs an insert. One
 * iterator kept from eviction to eviction walks each slot once: entries are only ever added at
 * the end, so every live entry is at or after where it stands, and the first it finds is the
 * oldest. It is started again when it has run out, or after `clear()`.
 */
export function oldestFirst<K>(map: Map<K, unknown>): { evict(): void; clear(): void } {
  let cursor: Iterator<K> | undefined;
  return {
    /** Deletes the oldest entry, if there is one. */
    evict(): void {
      let next = cursor?.next();
      if (next === undefined || next.done === true) {
        cursor = map.keys();
        next = cursor.next();
      }
      if (next.done !== true) map.delete(next.value);
    },
    /** Empties the map (and starts the next eviction from its beginning). */
    clear(): void {
      map.clear();
      cursor = undefined;
    },
  };
}
