import pg from 'pg';

/**
 * A named statement's rows made from its columns as first described (decision 079). PostgreSQL
 * describes a statement's columns again on every run, and node-postgres's `Result.addFields`
 * rebuilds everything from that description each time: a parser for each column and a row
 * template keyed by column names freshly read from the socket, each name looked up in V8's string
 * table (a megamorphic keyed store), the template then copied from a null-prototype object
 * (3.6 % of the servers' CPU over the evening, on-CPU samples by `perf`). A named statement has the
 * same columns on every run, so its shape is kept by name, checked column by column against each
 * description (a table altered under it gets a new shape), and its rows are made with the kept
 * names in column order: the same objects node-postgres makes (same keys in the same order, the
 * same values through the same type parsers, null as null).
 */

type TypeParser = (value: string) => unknown;

interface Column {
  name: string;
  dataTypeID: number;
  format: string;
}

interface Shape {
  columns: readonly Column[];
  /** The columns' names as V8's string table holds them (a key stored with them needs no lookup). */
  names: string[];
  parsers: TypeParser[];
}

/** By statement name; as bounded as the names (prepared.ts gives at most NAMED_TEXTS). */
const shapes = new Map<string, Shape>();

function sameColumns(kept: readonly Column[], described: readonly Column[]): boolean {
  if (kept.length !== described.length) return false;
  for (let i = 0; i < kept.length; i += 1) {
    const a = kept[i] as Column;
    const b = described[i] as Column;
    if (a.name !== b.name || a.dataTypeID !== b.dataTypeID || a.format !== b.format) return false;
  }
  return true;
}

/** The string as a property key (V8 keeps one copy of each key: the name read from the socket is another). */
const asKey = (name: string): string => Object.keys({ [name]: null })[0] as string;

function keptShape(statement: string, columns: Column[], client: pg.PoolClient): Shape | undefined {
  const kept = shapes.get(statement);
  if (kept && sameColumns(kept.columns, columns)) return kept;
  // Binary columns are never asked for here; node-postgres's own path keeps handling them.
  if (columns.some((column) => column.format !== 'text')) return undefined;
  const shape: Shape = {
    columns,
    names: columns.map((column) => asKey(column.name)),
    parsers: columns.map((column) => client.getTypeParser(column.dataTypeID, 'text') as TypeParser),
  };
  shapes.set(statement, shape);
  return shape;
}

/** node-postgres's result of one named statement, its rows made by the statement's kept shape. */
class ShapedResult extends pg.Result {
  private shape: Shape | undefined;
  private readonly statement: string;
  private readonly client: pg.PoolClient;

  constructor(statement: string, client: pg.PoolClient) {
    // No row mode and no types of its own, as node-postgres makes a query's result: the client
    // then gives it its own type parsers, which its own path (binary columns) uses.
    super(undefined as unknown as string, undefined as unknown as typeof pg.types);
    this.statement = statement;
    this.client = client;
  }

  addFields(columns: Column[]): void {
    this.shape = keptShape(this.statement, columns, this.client);
    if (this.shape) this.fields = columns as pg.FieldDef[];
    else (pg.Result.prototype as unknown as ShapedResult).addFields.call(this, columns);
  }

  parseRow(values: (string | null)[]): Record<string, unknown> {
    const shape = this.shape;
    if (!shape) return (pg.Result.prototype as unknown as ShapedResult).parseRow.call(this, values);
    const row: Record<string, unknown> = {};
    for (let i = 0; i < values.length; i += 1) {
      const value = values[i];
      row[shape.names[i] as string] =
        value === null || value === undefined ? null : (shape.parsers[i] as TypeParser)(value);
    }
    return row;
  }
}

/** node-postgres's query object's own result fields (a named statement is one statement: one result). */
interface QueryResults {
  _result: pg.Result;
  _results: pg.Result;
}

/** Has `query` (named `statement`) make its rows by the statement's kept shape, with the client's type parsers. */
export function shapedRows(query: pg.Query, statement: string, client: pg.PoolClient): void {
  const result = new ShapedResult(statement, client);
  const own = query as unknown as QueryResults;
  own._result = result;
  own._results = result;
}
