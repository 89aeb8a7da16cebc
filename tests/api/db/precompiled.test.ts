import { describe, expect, test, vi } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { precompiled, precompiledIn } from '../../../src/server/db/precompiled.ts';
import { addBranch } from '../../support/branches.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

/**
 * A statement built and compiled once per engine, then only bound (decision 075): each call's
 * values go to their places, a constant of the statement stays, one argument may stand in two
 * places, and the same statement serves the database handle and a transaction, built once; a
 * list is compiled once per length. A build that leaves an argument out of the values is refused
 * rather than sent wrong. On both engines.
 */
describe('precompiled statements', () => {
  const opened = useUnmigratedDatabase();

  test('are built once, then bound with each call’s values in their places', async () => {
    const { db } = opened();
    await migrateToLatest(db);
    await addBranch(db, { id: 2, slug: 'gulshan', position: 2 });
    await addBranch(db, { id: 3, slug: 'uttara', position: 3 });
    await addBranch(db, { id: 4, slug: 'banani', position: 4, archived_at: '2026-11-02T00:00:00Z' });

    const build = vi.fn((d: typeof db, from: number, skip: string) =>
      d
        .selectFrom('branches')
        .select(['id', 'slug'])
        .where('position', '>=', from)
        .where('slug', '!=', skip)
        .where('archived_at', 'is', null)
        .where('id', '<', 100)
        .where((eb) => eb.or([eb('slug', '!=', skip), eb('id', '=', from)]))
        .orderBy('id'),
    );
    const branches = precompiled(2, build);
    const slugs = async (executor: typeof db, from: number, skip: string) =>
      (await branches(executor, from, skip)).rows.map((r) => r.slug);

    expect(await slugs(db, 2, 'nothing')).toEqual(['gulshan', 'uttara']);
    expect(await slugs(db, 3, 'nothing')).toEqual(['uttara']);
    expect(await slugs(db, 2, 'gulshan')).toEqual(['uttara']);
    expect(await db.transaction().execute((trx) => slugs(trx, 2, 'uttara'))).toEqual(['gulshan']);
    expect(build).toHaveBeenCalledTimes(1);

    // What Kysely itself would answer, for every pair of values.
    for (const [from, skip] of [
      [0, 'x'],
      [2, 'gulshan'],
      [4, 'banani'],
    ] as const) {
      const direct = await build(db, from, skip).execute();
      expect((await branches(db, from, skip)).rows).toEqual(direct);
    }
  });

  test('compile a list once per length, and refuse an argument left out of the values', async () => {
    const { db } = opened();
    const build = vi.fn((d: typeof db, ids: number[], from: number) =>
      d.selectFrom('branches').select('id').where('id', 'in', ids).where('position', '>=', from).orderBy('id'),
    );
    const some = precompiled(2, build);
    const ids = async (list: number[], from = 0) => (await some(db, list, from)).rows.map((r) => r.id);
    expect(await ids([2])).toEqual([2]);
    expect(await ids([3])).toEqual([3]);
    expect(await ids([1, 3])).toEqual([1, 3]);
    expect(await ids([4, 2])).toEqual([2, 4]);
    expect(await ids([1, 2, 3], 2)).toEqual([2, 3]);
    // One text for one id, one for two, one for three.
    expect(build).toHaveBeenCalledTimes(3);

    const unused = precompiled(2, (d: typeof db, id: number, _never: number) =>
      d.selectFrom('branches').select('id').where('id', '=', id),
    );
    await expect(unused(db, 1, 2)).rejects.toThrow('1 of 2 values are not in');
  });

  test('`in` lists padded to a power of two: the same rows, one text for each power up to 128', async () => {
    const { db } = opened();
    // Branches 1 to 4 from the first test, and a fifth.
    await addBranch(db, { id: 5, slug: 'mirpur', position: 5 });
    const build = vi.fn((d: typeof db, ids: number[], from: number) =>
      d.selectFrom('branches').select('id').where('id', 'in', ids).where('position', '>=', from).orderBy('id'),
    );
    const some = precompiledIn(2, build);
    const ids = async (list: number[], from = 0) => (await some(db, list, from)).rows.map((r) => r.id);
    expect(await ids([2])).toEqual([2]);
    expect(await ids([5, 3])).toEqual([3, 5]);
    expect(await ids([4, 2, 5])).toEqual([2, 4, 5]);
    expect(await ids([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(await ids([5, 4, 3, 2, 1], 3)).toEqual([3, 4, 5]);
    // Lengths 1 to 100 (ids past the branches find nothing): each answers exactly the rows Kysely alone finds.
    for (let length = 1; length <= 100; length += 1) {
      const list = Array.from({ length }, (_, i) => 5 - (i % 7));
      const direct = (await build(db, list, 0).execute()).map((r) => r.id);
      expect(await ids(list)).toEqual(direct);
    }
    // Texts for 1, 2, 4, 8, 16, 32, 64 and 128 items (and the direct reads above built their own).
    expect(build.mock.calls.filter(([, list]) => list.some((id) => typeof id !== 'number'))).toHaveLength(8);
  });
});
