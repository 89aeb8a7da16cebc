import type pg from 'pg';

/**
 * A transaction's `begin` sent with its first statement (decision 076). Kysely sends `begin` on
 * its own and waits for PostgreSQL's answer before the first statement: one round trip that
 * carries nothing. Here `begin` is answered at once and held back; the transaction's first
 * statement, when it has no values (the advisory locks most writes start with name their key as a
 * literal for this), goes as one simple query `begin;<statement>`, and one with values goes after
 * a `begin` of its own, as before. A transaction that sent nothing commits or rolls back without a
 * word. PostgreSQL runs the two statements in order on the same connection, so the transaction is
 * what it was: only a round trip fewer.
 */

type Query = (...args: unknown[]) => unknown;

const ANSWERED: Readonly<pg.QueryResult> = Object.freeze({
  command: 'BEGIN',
  rowCount: null,
  oid: 0,
  rows: [],
  fields: [],
});

/** A text alone (no values, no callback), as Kysely sends `begin`, `commit` and `rollback`. */
function alone(args: unknown[]): string | undefined {
  const [text, values] = args;
  if (typeof text !== 'string' || args.length > 2) return undefined;
  if (values !== undefined && !(Array.isArray(values) && values.length === 0)) return undefined;
  return text;
}

/**
 * Wraps a client's `query` (decision 072's naming, which sends the statements with values: every
 * call that reaches it here is a text with or without values). `forget` is called as the pool
 * hands the client out: one given back with its `begin` still held back (nothing Kysely does) is
 * not in a transaction, since the begin never reached PostgreSQL.
 */
export function deferringBegin(query: Query): { query: Query; forget(): void } {
  let held = false;
  return {
    forget() {
      held = false;
    },
    query(...args: unknown[]) {
      const text = alone(args);
      if (!held) {
        if (text === 'begin') {
          held = true;
          return Promise.resolve(ANSWERED);
        }
        return query(...args);
      }
      held = false;
      if (text === 'commit' || text === 'rollback')
        return Promise.resolve({ ...ANSWERED, command: text.toUpperCase() });
      if (text !== undefined) {
        // Several statements in one simple query answer one result each: the caller's are the ones after begin's.
        return (query(`begin;${text}`) as Promise<pg.QueryResult | pg.QueryResult[]>).then((results) => {
          const own = Array.isArray(results) ? results.slice(1) : [results];
          return own.length === 1 ? own[0] : own;
        });
      }
      return (query('begin') as Promise<unknown>).then(() => query(...args));
    },
  };
}
