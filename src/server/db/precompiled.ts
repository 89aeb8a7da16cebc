import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { AppDatabase } from './schema.ts';

/**
 * A statement Kysely builds and compiles once per engine, then only binds (decision 075). Kysely
 * builds a tree of frozen nodes for every `.where()` and walks it into SQL text on every call: the
 * evening's profile put a fifth of the servers' work there, for the same few hundred texts with
 * other values. `precompiled(build)` calls `build` once per engine with a placeholder for each
 * argument, compiles it, and remembers where each placeholder went among the statement's
 * values; a call then sends that text with the call's values in their places.
 *
 * Only for a statement whose text does not depend on its values: each argument is one value
 * (never a list for `in`, never a value that decides whether a clause is written). `build` is
 * checked for that when it is compiled: every placeholder must land in the values, each as
 * itself, or it throws.
 */
const PLACE = Symbol('precompiled.place');
interface Place {
  readonly [PLACE]: number;
}

const isPlace = (value: unknown): value is Place =>
  typeof value === 'object' && value !== null && PLACE in (value as Record<symbol, unknown>);

/** Where each of the statement's values comes from: an argument's index, or the value itself (a constant of `build`). */
type Source = { argument: number } | { constant: unknown };

interface Compiled {
  sql: string;
  sources: Source[];
}

type Executor = ReturnType<Kysely<AppDatabase>['getExecutor']>;

export function precompiled<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<AppDatabase>, ...args: Args) => Compilable<Row>,
): (db: Kysely<AppDatabase>, ...args: Args) => Promise<QueryResult<Row>> {
  // One per engine: the executor's adapter is the dialect's, shared by a database handle and its transactions.
  const compiled = new WeakMap<Executor['adapter'], Compiled>();

  function compile(db: Kysely<AppDatabase>): Compiled {
    const places = Array.from({ length: arity }, (_, i): Place => ({ [PLACE]: i }));
    const query = build(db, ...(places as unknown as Args)).compile();
    const seen = new Set<number>();
    const sources = query.parameters.map((value): Source => {
      if (!isPlace(value)) return { constant: value };
      seen.add(value[PLACE]);
      return { argument: value[PLACE] };
    });
    if (seen.size !== arity) {
      throw new Error(`precompiled: ${arity - seen.size} of ${arity} arguments are not values of: ${query.sql}`);
    }
    return { sql: query.sql, sources };
  }

  return async (db, ...args) => {
    // A list would have been written out as one value per item: its statement is not this one.
    if (args.some(Array.isArray))
      throw new Error(`precompiled: a list is not one value: write its statement with Kysely`);
    const adapter = db.getExecutor().adapter;
    let statement = compiled.get(adapter);
    if (statement === undefined) {
      statement = compile(db);
      compiled.set(adapter, statement);
    }
    const values = statement.sources.map((source) => ('argument' in source ? args[source.argument] : source.constant));
    return db.executeQuery(CompiledQuery.raw(statement.sql, values) as CompiledQuery<Row>);
  };
}
