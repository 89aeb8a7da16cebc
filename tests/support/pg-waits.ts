import type pg from 'pg';

/** Waits (up to 15 s) until some backend waits for a row another transaction holds: the request in flight came to wait where the test meant. */
export async function untilSomeoneWaits(client: pg.Client, failure: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const blocked = await client.query(
      `select count(*)::int as n from pg_locks where not granted and locktype = 'transactionid'`,
    );
    if (blocked.rows[0].n > 0) return;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
