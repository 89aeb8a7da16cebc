import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the reads of a branch's stored settings (rows with a `body`) made through a Kysely
 * handle, and holds their results back while `hold` is on, until `release`. The connection stays
 * with the held read meanwhile (on SQLite, the only one).
 */
export function heldSettingsReads() {
  let reads = 0;
  let gate: Promise<void> | undefined;
  let open = () => {};
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node as RootOperationNode,
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const row = result.rows[0] as Record<string, unknown> | undefined;
      if (row && 'body' in row) {
        reads += 1;
        await gate;
      }
      return result;
    },
  };
  return {
    plugin,
    reads: () => reads,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = undefined;
    },
  };
}
