import { type Compilable, CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { AppDatabase } from './schema.ts';

/**
 * A statement Kysely builds and compiles once per engine, then only binds (decision 075). Kysely
 * builds a tree of frozen nodes for every `.where()` and walks it into SQL text on every call: the
 * evening's profile put a fifth of the servers' work there, for the same few hundred texts with
 * other values. `precompiled(arity, build)` calls `build` once per engine with a placeholder for
 * each argument, compiles it, and remembers where each placeholder went among the statement's
 * values; a call then sends that text with the call's values in their places.
 *
 * An argument that is a list (for `in`) is given to `build` as that many placeholders, so its
 * text is compiled once per engine and length (up to SHAPES lengths a statement; past them each
 * call compiles its own, as Kysely alone does). Only for a statement whose text depends on
 * nothing else: no argument may decide whether a clause is written. `build` is checked for that
 * when it is compiled: every placeholder must land in the values as itself, or it throws.
 *
 * `precompiledIn` says every list argument is only ever the list of an `in`: it is then sent
 * padded to the next power of two by repeating its last item (`id in (1, 2, 3, 3)` finds the rows
 * `id in (1, 2, 3)` finds), so eight texts serve every length up to 128. A board's or a day's
 * lists come in dozens of lengths: past the eight kept, each call built and compiled its own
 * text (0.65 % of the servers' evening), and PostgreSQL prepared one statement a length.
 */
const PLACE = Symbol('precompiled.place');
interface Place {
  readonly [PLACE]: readonly [argument: number, item: number];
}

const SHAPES = 8;

const isPlace = (value: unknown): value is Place =>
  typeof value === 'object' && value !== null && PLACE in (value as Record<symbol, unknown>);

/** Where each of the statement's values comes from: an argument (or an item of a list), or the value itself (a constant of `build`). */
type Source = { argument: number; item: number } | { constant: unknown };

interface Compiled {
  sql: string;
  sources: Source[];
}

type Adapter = ReturnType<Kysely<AppDatabase>['getExecutor']>['adapter'];

/** The lengths of the list arguments ('' when there are none): one compiled text each. */
function shapeOf(args: readonly unknown[]): string {
  let shape = '';
  for (const arg of args) if (Array.isArray(arg)) shape += `${arg.length},`;
  return shape;
}

/** An `in` list at the next power of two of its length, its last item repeated (the same rows). */
function padded(list: readonly unknown[]): unknown[] {
  if (list.length < 3) return list as unknown[];
  let length = 4;
  while (length < list.length) length *= 2;
  const out = list.slice();
  const last = list[list.length - 1];
  while (out.length < length) out.push(last);
  return out;
}

type Build<Args extends unknown[], Row> = (db: Kysely<AppDatabase>, ...args: Args) => Compilable<Row> | RawBuilder<Row>;
type Statement<Args extends unknown[], Row> = (db: Kysely<AppDatabase>, ...args: Args) => Promise<QueryResult<Row>>;

export function precompiled<Args extends unknown[], Row>(
  arity: Args['length'],
  build: Build<Args, Row>,
): Statement<Args, Row> {
  return compiledOnce(arity, build, false);
}

/** A precompiled statement whose list arguments are only ever the lists of an `in`: each sent padded (`padded`). */
export function precompiledIn<Args extends unknown[], Row>(
  arity: Args['length'],
  build: Build<Args, Row>,
): Statement<Args, Row> {
  return compiledOnce(arity, build, true);
}

function compiledOnce<Args extends unknown[], Row>(
  arity: Args['length'],
  build: Build<Args, Row>,
  inLists: boolean,
): Statement<Args, Row> {
  // Per engine (the executor's adapter is the dialect's, shared by a database handle and its transactions), then per shape.
  const compiled = new WeakMap<Adapter, Map<string, Compiled>>();

  function compile(db: Kysely<AppDatabase>, args: Args): Compiled {
    const places = args.map((arg, i) =>
      Array.isArray(arg) ? arg.map((_, j): Place => ({ [PLACE]: [i, j] })) : ({ [PLACE]: [i, -1] } satisfies Place),
    );
    // A builder's compile() takes nothing; a `sql` template's takes the database it compiles for.
    const query = build(db, ...(places as Args)).compile(db);
    const seen = new Set<string>();
    const sources = query.parameters.map((value): Source => {
      if (!isPlace(value)) return { constant: value };
      const [argument, item] = value[PLACE];
      seen.add(`${argument}:${item}`);
      return { argument, item };
    });
    const expected = args.reduce<number>((sum, arg) => sum + (Array.isArray(arg) ? arg.length : 1), 0);
    if (args.length !== arity || seen.size !== expected) {
      throw new Error(`precompiled: ${expected - seen.size} of ${expected} values are not in: ${query.sql}`);
    }
    return { sql: query.sql, sources };
  }

  return async (db, ...given) => {
    const args = inLists ? (given.map((arg) => (Array.isArray(arg) ? padded(arg) : arg)) as Args) : given;
    const adapter = db.getExecutor().adapter;
    let shapes = compiled.get(adapter);
    if (shapes === undefined) compiled.set(adapter, (shapes = new Map()));
    const shape = shapeOf(args);
    let statement = shapes.get(shape);
    if (statement === undefined) {
      statement = compile(db, args);
      if (shapes.size < SHAPES) shapes.set(shape, statement);
    }
    const values = statement.sources.map((source) =>
      'constant' in source
        ? source.constant
        : source.item < 0
          ? args[source.argument]
          : (args[source.argument] as unknown[])[source.item],
    );
    return db.executeQuery(CompiledQuery.raw(statement.sql, values) as CompiledQuery<Row>);
  };
}
