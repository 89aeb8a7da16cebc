import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { openGulshan } from '../../support/branches.ts';
import { type TestAccount, bearer, createAccount } from '../../support/factories.ts';
import { addFavorite, favoriteEntry, orderEntry } from '../../support/records.ts';
import { useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * Decision 069 under a race: the bag belongs to one branch even when a guest's adds at two
 * branches arrive at once. Each round a fresh guest sends REQUESTS adds together over real HTTP,
 * half at the first branch and half at Gulshan, some of them confirming a pending favourite
 * (the other path that puts a line in the bag): the first add to take the guest's bag decides
 * its branch, every add there is put in, every add at the other answers 409
 * `bagIsForAnotherBranch`, none 5xx, and the database holds lines of that branch only. On both
 * engines (PostgreSQL with TEST_DATABASE_URL).
 */
const ADMIN = { email: 'bag-race@example.com', password: 'bag-race-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const ROUNDS = 6;
const REQUESTS = 20;
/** How many of a round's adds confirm a favourite (one dish each, as a guest has one favourite per dish). */
const FAVOURITES = 4;

interface Answer {
  branch: string;
  status: number;
  message: string;
}

describe('two branches racing for one bag (decision 069)', () => {
  test(
    `${REQUESTS} adds at once at two branches, ${ROUNDS} rounds: one branch's all put in, the other's all 409, never a 5xx`,
    { timeout: 120_000 },
    async ({ t, admin, dishes, base }) => {
      const gulshan = await openGulshan(t, admin);
      // Dishes a favourite confirms with its defaults (no option group to fill).
      const plain = dishes.filter((d: Product) => !d.options?.length);
      expect(plain.length).toBeGreaterThanOrEqual(FAVOURITES);
      const dish = plain[0] as Product;

      const send = (who: TestAccount, branch: string, body: object): Promise<Answer> =>
        fetch(`${base}/api/v1/users/?email=${encodeURIComponent(who.email)}&branch=${branch}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', origin: base, ...bearer(who) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        }).then(async (r) => ({
          branch,
          status: r.status,
          message: ((await r.json()) as { message: string }).message,
        }));

      const faults: string[] = [];
      const winners = new Set<string>();
      for (let round = 0; round < ROUNDS; round += 1) {
        const guest = await createAccount(t.app, { name: `Racer ${round}` });
        const favourites: string[] = [];
        for (const favourite of plain.slice(0, FAVOURITES)) {
          const res = await addFavorite(t, guest, favoriteEntry(favourite, guest.email));
          expect(res.statusCode, res.body).toBe(201);
          favourites.push(res.json<{ data: { _id: string } }>().data._id);
        }
        // Every other add at Gulshan; the round's first add alternates, so that either branch may win.
        const answers = await Promise.all(
          Array.from({ length: REQUESTS }, (_, i) => {
            const branch = (i + round) % 2 === 0 ? '1' : gulshan;
            const favourite = i < FAVOURITES ? favourites[i] : undefined;
            return send(
              guest,
              branch,
              favourite === undefined
                ? orderEntry(dish, 1, guest.email)
                : { orderMainIdPending: favourite, orderQuantity: 1, userGmail: guest.email },
            );
          }),
        );
        const lines = await t.database.db
          .selectFrom('orders')
          .select('branch_id')
          .where('user_id', '=', Number(guest.userId))
          .where('ticket_id', 'is', null)
          .execute();
        const confirmed = await t.database.db
          .selectFrom('favorites')
          .select('id')
          .where('user_id', '=', Number(guest.userId))
          .where('status', '=', 'Conform')
          .execute();

        const put = answers.filter((a) => a.status === 201);
        const won = new Set(put.map((a) => a.branch));
        const other = answers.filter((a) => !won.has(a.branch));
        const said = `round ${round}: ${answers.map((a) => `${a.branch}:${a.status}`).join(' ')}`;
        if (won.size !== 1) faults.push(`${said}: lines put in at ${won.size} branches`);
        if (answers.some((a) => a.status >= 500)) faults.push(`${said}: a 5xx`);
        if (answers.some((a) => won.has(a.branch) && a.status !== 201))
          faults.push(`${said}: an add at the bag's branch refused`);
        if (
          other.some((a) => a.status !== 409 || !/^Your bag is for .+\. Empty it and order from .+\?$/.test(a.message))
        )
          faults.push(`${said}: an add at the other branch not refused with bagIsForAnotherBranch`);
        const stored = new Set(lines.map((l) => String(l.branch_id)));
        if (stored.size !== 1 || lines.length !== put.length)
          faults.push(`${said}: the bag holds ${lines.length} lines of branches ${[...stored].join(', ')}`);
        // A refused confirmation leaves its favourite Pending: the favourite and its line, both or neither.
        const favouritesPut = answers.slice(0, FAVOURITES).filter((a) => a.status === 201).length;
        if (confirmed.length !== favouritesPut)
          faults.push(`${said}: ${confirmed.length} favourites confirmed, ${favouritesPut} answered 201`);
        for (const branch of won) winners.add(branch);
      }
      expect(faults).toEqual([]);
      console.log(`[${t.database.engine}] bag race: rounds won at branches ${[...winners].join(', ')}`);
    },
  );
});
