import { describe, expect } from 'vitest';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';
import { addBranch, forgetBranches } from '../../support/branches.ts';
import type { TestAccount } from '../../support/factories.ts';

/**
 * Issue 57 phase 2b (docs/reference/branches.md "The API", decision 062): a branch-scoped call
 * is at the branch its request names (`?branch=` by slug or id: unknown 404, archived 410), else
 * at the guest's `branch` cookie (a stale one passed over), else at the brand's first open
 * branch; its answers carry `branchId`. The dining room is the first module made per branch: a
 * branch's tables, combinations and table names are its own, and another branch's table is
 * neither read, changed nor removed through it (404), on both engines.
 */
const ADMIN = { email: 'branch-of-request@example.com', password: 'branch-of-request-password' };
const test = useRecordsWorld(ADMIN);

type Table = { _id: string; branchId: string; name: string };

/** Gulshan (open) and Old Town (archived) beside the demo's branch 1, then read again by the app. */
async function addBranches(t: TestApp, admin: TestAccount) {
  await addBranch(t.database.db);
  await addBranch(t.database.db, {
    id: 3,
    slug: 'old-town',
    name_bn: null,
    position: 3,
    archived_at: '2026-11-01T00:00:00Z',
  });
  await forgetBranches(t, admin);
}

const tablesAt = async (t: TestApp, admin: { accessToken: string }, query = '', cookie?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/tables${query}`,
    headers: { authorization: `Bearer ${admin.accessToken}`, ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Table[] }>().data;
};

describe("a request's branch", () => {
  test('is named by ?branch= (slug or id), else the cookie, else the first open branch', async ({ t, admin }) => {
    await addBranches(t, admin);
    const main = await tablesAt(t, admin);
    expect(main.length).toBeGreaterThan(0);
    expect(new Set(main.map((table) => table.branchId))).toEqual(new Set(['1']));
    for (const query of ['?branch=main', '?branch=1', '?branch=gulshan&branch=main'])
      expect(await tablesAt(t, admin, query)).toEqual(main);
    // Gulshan has no tables yet: by slug, by id, by its cookie.
    expect(await tablesAt(t, admin, '?branch=gulshan')).toEqual([]);
    expect(await tablesAt(t, admin, '?branch=2')).toEqual([]);
    expect(await tablesAt(t, admin, '', 'lang=en; branch=gulshan')).toEqual([]);
    // The query outranks the cookie; a cookie naming a branch gone or closed is passed over.
    expect(await tablesAt(t, admin, '?branch=main', 'branch=gulshan')).toEqual(main);
    expect(await tablesAt(t, admin, '', 'branch=nowhere')).toEqual(main);
    expect(await tablesAt(t, admin, '', 'branch=old-town')).toEqual(main);
    expect(await tablesAt(t, admin, '', 'branch=%E0%A4')).toEqual(main);
  });

  test('an unknown branch is 404 and an archived one 410, in the reader language', async ({ t, admin }) => {
    for (const query of ['?branch=nowhere', '?branch=99']) {
      const res = await call(t, 'GET', `/api/v1/tables${query}`, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'No such branch' });
    }
    const closed = await call(t, 'GET', '/api/v1/tables?branch=old-town', admin);
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toEqual({ success: false, message: 'This branch has closed' });
    const bangla = await call(t, 'GET', '/api/v1/tables?branch=nowhere&lang=bn', admin);
    expect(bangla.json()).toEqual({ success: false, message: 'এমন কোনো শাখা নেই' });
    // Who may call is checked first: a guest asking for an unknown branch learns nothing of it.
    expect((await call(t, 'GET', '/api/v1/tables?branch=nowhere')).statusCode).toBe(401);
  });
});

describe("a branch's dining room", () => {
  test('its table names are its own; another branch has the same names', async ({ t, admin }) => {
    const [first] = await tablesAt(t, admin);
    const name = first?.name as string;
    const atGulshan = await call(t, 'POST', '/api/v1/tables?branch=gulshan', admin, {
      name,
      minCovers: 1,
      maxCovers: 4,
    });
    expect(atGulshan.statusCode).toBe(201);
    expect(atGulshan.json<{ data: Table }>().data).toMatchObject({ branchId: '2', name });
    const again = await call(t, 'POST', '/api/v1/tables?branch=gulshan', admin, {
      name: name.toLowerCase(),
      minCovers: 1,
      maxCovers: 4,
    });
    expect(again.statusCode).toBe(409);
    expect((await call(t, 'POST', '/api/v1/tables', admin, { name, minCovers: 1, maxCovers: 4 })).statusCode).toBe(409);
    expect((await tablesAt(t, admin, '?branch=gulshan')).map((table) => table.name)).toEqual([name]);
    expect((await tablesAt(t, admin)).filter((table) => table.name === name)).toHaveLength(1);
  });

  test("another branch's table is not read, changed or removed through this one", async ({ t, admin }) => {
    const [mainTable] = await tablesAt(t, admin);
    const [gulshanTable] = await tablesAt(t, admin, '?branch=gulshan');
    const mainId = mainTable?._id as string;
    const gulshanId = gulshanTable?._id as string;
    const before = await t.database.db.selectFrom('dining_tables').selectAll().orderBy('id').execute();
    for (const [query, id] of [
      ['?branch=gulshan', mainId],
      ['', gulshanId],
    ] as const) {
      expect((await call(t, 'GET', `/api/v1/tables/${id}/label${query}`)).statusCode).toBe(404);
      expect((await call(t, 'PATCH', `/api/v1/tables/${id}${query}`, admin, { name: 'Taken over' })).statusCode).toBe(
        404,
      );
      expect((await call(t, 'DELETE', `/api/v1/tables/${id}${query}`, admin)).statusCode).toBe(404);
    }
    // A combination is of one branch's tables.
    const mixed = await call(t, 'POST', '/api/v1/table-combinations?branch=gulshan', admin, {
      tableIds: [gulshanId, mainId],
      minCovers: 2,
      maxCovers: 8,
    });
    expect(mixed.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('dining_tables').selectAll().orderBy('id').execute()).toEqual(before);
    // Through its own branch, the same calls work.
    expect((await call(t, 'GET', `/api/v1/tables/${gulshanId}/label?branch=gulshan`)).statusCode).toBe(200);
    const renamed = await call(t, 'PATCH', `/api/v1/tables/${gulshanId}?branch=gulshan`, admin, { name: 'Garden 1' });
    expect(renamed.json<{ data: Table }>().data).toMatchObject({ _id: gulshanId, branchId: '2', name: 'Garden 1' });
  });

  test("a branch's combinations are its own", async ({ t, admin }) => {
    const [gulshanTable] = await tablesAt(t, admin, '?branch=gulshan');
    const second = await call(t, 'POST', '/api/v1/tables?branch=gulshan', admin, {
      name: 'Garden 2',
      minCovers: 1,
      maxCovers: 4,
    });
    const ids = [gulshanTable?._id as string, second.json<{ data: Table }>().data._id];
    const made = await call(t, 'POST', '/api/v1/table-combinations?branch=2', admin, {
      tableIds: ids,
      minCovers: 5,
      maxCovers: 8,
    });
    expect(made.statusCode).toBe(201);
    const combination = made.json<{ data: { _id: string; branchId: string } }>().data;
    expect(combination.branchId).toBe('2');
    const listed = async (query: string) =>
      (await call(t, 'GET', `/api/v1/table-combinations${query}`, admin)).json<{ data: { _id: string }[] }>().data;
    expect((await listed('?branch=gulshan')).map((c) => c._id)).toEqual([combination._id]);
    expect((await listed('')).map((c) => c._id)).not.toContain(combination._id);
    expect((await call(t, 'DELETE', `/api/v1/table-combinations/${combination._id}`, admin)).statusCode).toBe(404);
    expect(
      (await call(t, 'DELETE', `/api/v1/table-combinations/${combination._id}?branch=gulshan`, admin)).statusCode,
    ).toBe(200);
  });
});
