import { describe, expect, it } from 'vitest';
import { deferringBegin } from '../../../src/server/db/deferred-begin.ts';

/**
 * What deferred-begin.ts sends for what Kysely asks, read off the calls that reach the client
 * (tests/api/db/postgres-deferred-begin.test.ts runs it against PostgreSQL itself).
 */
function recording() {
  const sent: unknown[][] = [];
  const query = (...args: unknown[]) => {
    sent.push(args);
    const text = String(args[0]);
    const one = { command: text.split(' ')[0]?.toUpperCase(), rowCount: 1, rows: [{ text }] };
    return Promise.resolve(
      text.includes(';') ? text.split(';').map((part) => ({ ...one, rows: [{ text: part }] })) : one,
    );
  };
  return { sent, deferred: deferringBegin(query) };
}

describe('a transaction begun with its first statement', () => {
  it('holds begin back and sends it with a first statement without values, answering that statement alone', async () => {
    const { sent, deferred } = recording();
    expect(await deferred.query('begin', [])).toMatchObject({ command: 'BEGIN', rows: [] });
    expect(sent).toEqual([]);
    expect(await deferred.query('select 1', [])).toMatchObject({ rows: [{ text: 'select 1' }] });
    await deferred.query('select $1', [2]);
    await deferred.query('commit', []);
    expect(sent).toEqual([['begin;select 1'], ['select $1', [2]], ['commit', []]]);
  });

  it('sends begin alone before a first statement with values', async () => {
    const { sent, deferred } = recording();
    await deferred.query('begin', []);
    await deferred.query('select $1', [1]);
    await deferred.query('rollback', []);
    expect(sent).toEqual([['begin'], ['select $1', [1]], ['rollback', []]]);
  });

  it('sends nothing for a transaction that sent nothing, and a forgotten begin is not sent with the next holder', async () => {
    const { sent, deferred } = recording();
    await deferred.query('begin', []);
    await deferred.query('commit', []);
    await deferred.query('begin', []);
    await deferred.query('rollback', []);
    expect(sent).toEqual([]);
    await deferred.query('begin', []);
    deferred.forget();
    await deferred.query('select 1', []);
    expect(sent).toEqual([['select 1', []]]);
  });

  it('passes through whatever is not a transaction of Kysely’s (callbacks, statements outside one)', async () => {
    const { sent, deferred } = recording();
    const callback = () => {};
    await deferred.query('select $1', [1], callback);
    await deferred.query('begin;select 1');
    expect(sent).toEqual([['select $1', [1], callback], ['begin;select 1']]);
  });
});
