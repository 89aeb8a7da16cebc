import pg from 'pg';
import { deferringBegin } from './deferred-begin.ts';
import { shapedRows } from './row-shapes.ts';

/**
 * PostgreSQL statements prepared once per connection (decision 072). Kysely sends every
 * statement as an unnamed one, which PostgreSQL parses, analyses and plans again on every call;
 * the evening sends about eleven a request, most of them the same few hundred texts with other
 * values. A statement with values is sent here under a name given to its text (node-postgres
 * then parses it once per connection and afterwards only binds and executes it). Not named: a
 * text without values (begin, commit, a savepoint, settings), one with several statements, and
 * any text past the first NAMED_TEXTS of the process or past the first PER_CONNECTION a
 * connection has prepared (a connection keeps its prepared statements while it lives, and the
 * pool closes an idle one after 30 s).
 */
const NAMED_TEXTS = 2_000;
const PER_CONNECTION = 400;

/** PostgreSQL's feature_not_supported, which a prepared statement whose result columns changed answers. */
const CHANGED_UNDER_IT = '0A000';

const names = new Map<string, string>();
const PREPARED = Symbol('prepared');
const FORGET_BEGIN = Symbol('forget a held-back begin');

type Preparing = pg.PoolClient & { [PREPARED]?: Set<string>; [FORGET_BEGIN]?: () => void };

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= NAMED_TEXTS || text.includes(';')) return known;
  const name = `s${names.size + 1}`;
  names.set(text, name);
  return name;
}

type Callback = (error: Error | null, result?: pg.QueryResult) => void;

/**
 * Sends a statement under its name, as a query object made from its text and values. Given a
 * config object (`{ name, text, values }`), node-postgres first copies it property descriptor by
 * descriptor (utils.cloneQueryConfig): nearly 1 % of the servers' evening for three fields. As
 * `query` does for a config, an error's stack is made to lead back here rather than to the socket.
 * Its rows are made by the statement's kept shape (row-shapes.ts).
 */
function sendNamed(
  client: pg.PoolClient,
  query: (submittable: pg.Query) => unknown,
  name: string,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  const submitted = new pg.Query(text, values) as pg.Query & { name?: string; callback?: Callback };
  submitted.name = name;
  shapedRows(submitted, name, client);
  return new Promise<pg.QueryResult>((resolve, reject) => {
    submitted.callback = (error, result) => {
      if (error) {
        Error.captureStackTrace(error);
        reject(error);
      } else resolve(result as pg.QueryResult);
    };
    query(submitted);
  });
}

/**
 * The client, its statements with values sent by name from now on and a transaction's `begin`
 * sent with its first statement (deferred-begin.ts), once per client.
 */
export function preparing(client: pg.PoolClient): pg.PoolClient {
  const marked = client as Preparing;
  if (marked[PREPARED]) return client;
  const prepared = new Set<string>();
  marked[PREPARED] = prepared;
  // Set when PostgreSQL refused one of this connection's prepared statements because its table
  // changed under it ("cached plan must not change result type": a migration run by another
  // server while this one serves): the connection names nothing more.
  let stale = false;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [text, values] = args;
    if (!stale && typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      const name = nameOf(text);
      if (name !== undefined && (prepared.has(name) || prepared.size < PER_CONNECTION)) {
        prepared.add(name);
        return sendNamed(client, query, name, text, values).catch((error: unknown) => {
          if ((error as { code?: unknown }).code === CHANGED_UNDER_IT) stale = true;
          throw error;
        });
      }
    }
    return query(...args);
  };
  const deferred = deferringBegin(named);
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = deferred.query;
  marked[FORGET_BEGIN] = deferred.forget;
  return client;
}

/** As the pool hands a client out: no `begin` of an earlier holder is still held back (pg-pool's 'acquire'). */
export function forgetHeldBegin(client: pg.PoolClient): void {
  (client as Preparing)[FORGET_BEGIN]?.();
}
