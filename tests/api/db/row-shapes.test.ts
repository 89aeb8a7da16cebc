import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { shapedRows } from '../../../src/server/db/row-shapes.ts';

/**
 * A named statement's rows are made by its kept shape (src/server/db/row-shapes.ts, decision
 * 079), which node-postgres's query drives as it drives its own result: the columns described,
 * each row's values, the command's end. Driven here without a database, so that a description
 * that differs from the kept one (a table altered under the statement) can be sent.
 */
describe("a named statement's rows by its kept shape", () => {
  type Column = { name: string; dataTypeID: number; format: string };
  const INT4 = 23;
  const TEXT = 25;
  const BOOL = 16;
  const client = { getTypeParser: pg.types.getTypeParser } as unknown as pg.PoolClient;

  function run(
    statement: string,
    columns: Column[],
    rows: (string | null)[][],
    by: pg.PoolClient = client,
  ): pg.QueryResult {
    const query = new pg.Query('select', [1]) as pg.Query & Record<string, (...args: unknown[]) => void>;
    let answer: pg.QueryResult | undefined;
    (query as unknown as { callback: (e: Error | null, r: pg.QueryResult) => void }).callback = (error, result) => {
      if (error) throw error;
      answer = result;
    };
    shapedRows(query, statement, by);
    // Fresh objects each time, as read from the socket.
    query.handleRowDescription?.({ fields: columns.map((c) => ({ ...c, name: `${c.name}` })) });
    for (const values of rows) query.handleDataRow?.({ fields: [...values] });
    query.handleCommandComplete?.({ text: `SELECT ${rows.length}` }, {});
    query.handleReadyForQuery?.({});
    if (!answer) throw new Error('no answer');
    return answer;
  }

  it('answers each run by its columns, and a changed description by the new columns', () => {
    const first: Column[] = [
      { name: 'id', dataTypeID: INT4, format: 'text' },
      { name: 'name', dataTypeID: TEXT, format: 'text' },
    ];
    expect(
      run('row-shapes-1', first, [
        ['1', 'Naan'],
        ['2', null],
      ]).rows,
    ).toEqual([
      { id: 1, name: 'Naan' },
      { id: 2, name: null },
    ]);
    const again = run('row-shapes-1', first, [['3', 'Dal']]);
    expect(again.rows).toEqual([{ id: 3, name: 'Dal' }]);
    expect(again.rowCount).toBe(1);
    expect(again.fields.map((f) => f.name)).toEqual(['id', 'name']);
    // The same statement described with other columns (its table altered): rows by the new ones.
    const changed: Column[] = [
      { name: 'id', dataTypeID: TEXT, format: 'text' },
      { name: 'name', dataTypeID: TEXT, format: 'text' },
      { name: 'open', dataTypeID: BOOL, format: 'text' },
    ];
    const after = run('row-shapes-1', changed, [['4', 'Roti', 't']]).rows;
    expect(after).toEqual([{ id: '4', name: 'Roti', open: true }]);
    expect(Object.keys(after[0] ?? {})).toEqual(['id', 'name', 'open']);
    // A column named twice keeps its first place and its last value, as node-postgres does.
    const twice: Column[] = [
      { name: 'a', dataTypeID: INT4, format: 'text' },
      { name: 'b', dataTypeID: INT4, format: 'text' },
      { name: 'a', dataTypeID: INT4, format: 'text' },
    ];
    expect(run('row-shapes-2', twice, [['1', '2', '3']]).rows).toEqual([{ a: 3, b: 2 }]);
  });

  it("parses each column with the client's own type parsers (the pool's numeric as a number, here int as bigint)", () => {
    const bigInts = {
      getTypeParser: (oid: number, format: 'text' | 'binary') =>
        oid === INT4 ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format),
    } as unknown as pg.PoolClient;
    const columns: Column[] = [{ name: 'id', dataTypeID: INT4, format: 'text' }];
    expect(run('row-shapes-4', columns, [['7']], bigInts).rows).toEqual([{ id: 7n }]);
  });

  it('leaves binary columns to node-postgres', () => {
    const binary: Column[] = [{ name: 'raw', dataTypeID: 17, format: 'binary' }];
    const rows = run('row-shapes-3', binary, [['\u0001\u0002' as string]]).rows;
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {})).toEqual(['raw']);
  });
});
