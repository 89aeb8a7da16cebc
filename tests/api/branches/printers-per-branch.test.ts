import { describe, expect } from 'vitest';
import type { PrintJobView, PrinterState, PrinterView } from '../../../src/shared/contract/printers.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';
import type { TestAccount } from '../../support/factories.ts';
import { addBranch, forgetBranches } from '../../support/branches.ts';

/**
 * Issue 57 phase 2b (decision 062): the printers are made per branch. A printer added at a
 * branch is listed there and nowhere else, its answers and its jobs' carry `branchId`; another
 * branch's printer is neither changed, tested, renewed nor removed through this one (404), nor
 * are its jobs listed or reprinted, and the refused calls change no row. A printer's own
 * CloudPRNT calls find it by its secret and work at its branch. On both engines.
 */
const ADMIN = { email: 'printers-per-branch@example.com', password: 'printers-per-branch-password' };
const test = useRecordsWorld(ADMIN);

type Made = PrinterView & { pollUrl: string };

/** Gulshan beside the demo's branch 1, then read again by the app. */
async function addGulshan(t: TestApp, admin: TestAccount) {
  await addBranch(t.database.db, { name_bn: null });
  await forgetBranches(t, admin);
}

const rows = async (t: TestApp) => ({
  printers: await t.database.db.selectFrom('printers').selectAll().orderBy('id').execute(),
  jobs: await t.database.db.selectFrom('print_jobs').selectAll().orderBy('id').execute(),
});

describe("a branch's printers", () => {
  test('a printer added at a branch is listed there and not at another; its jobs are its own', async ({ t, admin }) => {
    await addGulshan(t, admin);
    const add = async (query: string, name: string) => {
      const res = await call(t, 'POST', `/api/v1/printers${query}`, admin, { name, role: 'kitchen', paperWidth: 80 });
      expect(res.statusCode).toBe(201);
      return res.json<{ data: Made }>().data;
    };
    const listed = async (query: string) =>
      (await call(t, 'GET', `/api/v1/printers${query}`, admin)).json<{ data: PrinterView[] }>().data;
    const states = async (query: string) =>
      (await call(t, 'GET', `/api/v1/printers/states${query}`, admin)).json<{ data: PrinterState[] }>().data;
    const gulshan = await add('?branch=gulshan', 'Garden grill');
    const main = await add('', 'Main grill');
    expect(gulshan.branchId).toBe('2');
    expect(main.branchId).toBe('1');
    expect((await listed('?branch=gulshan')).map((p) => [p._id, p.branchId])).toEqual([[gulshan._id, '2']]);
    expect((await listed('?branch=2')).map((p) => p._id)).toEqual([gulshan._id]);
    const atMain = (await listed('')).map((p) => p._id);
    expect(atMain).toContain(main._id);
    expect(atMain).not.toContain(gulshan._id);
    expect((await listed('?branch=main')).map((p) => p._id)).toEqual(atMain);
    expect((await states('?branch=gulshan')).map((p) => p._id)).toEqual([gulshan._id]);
    expect((await states('')).map((p) => p._id)).toEqual(atMain);

    // A test page at each: each printer's jobs are listed at its own branch, carrying it.
    for (const [query, printer] of [
      ['?branch=gulshan', gulshan],
      ['', main],
    ] as const) {
      const res = await call(t, 'POST', `/api/v1/printers/${printer._id}/test${query}`, admin);
      expect(res.statusCode).toBe(201);
      expect(res.json<{ data: PrintJobView }>().data).toMatchObject({ branchId: printer.branchId, kind: 'test' });
      const jobs = await call(t, 'GET', `/api/v1/printers/${printer._id}/jobs${query}`, admin);
      expect(jobs.json<{ data: PrintJobView[] }>().data.map((j) => [j.printerId, j.branchId])).toEqual([
        [printer._id, printer.branchId],
      ]);
    }
    expect((await listed('?branch=gulshan'))[0]?.queued).toBe(1);
  });

  test("another branch's printer and jobs are not read, changed, tested or removed through this one", async ({
    t,
    admin,
  }) => {
    const [gulshan] = (await call(t, 'GET', '/api/v1/printers?branch=gulshan', admin)).json<{ data: PrinterView[] }>()
      .data;
    const main = (await call(t, 'GET', '/api/v1/printers', admin))
      .json<{ data: PrinterView[] }>()
      .data.find((p) => p.name === 'Main grill');
    if (!gulshan || !main) throw new Error('the first test adds both printers');
    const jobOf = async (printer: PrinterView, query: string) =>
      (await call(t, 'GET', `/api/v1/printers/${printer._id}/jobs${query}`, admin)).json<{ data: PrintJobView[] }>()
        .data[0] as PrintJobView;
    const gulshanJob = await jobOf(gulshan, '?branch=gulshan');
    const mainJob = await jobOf(main, '');
    const before = await rows(t);
    for (const [query, printer, job] of [
      ['?branch=gulshan', main, mainJob],
      ['', gulshan, gulshanJob],
    ] as const) {
      const id = printer._id;
      const refused = [
        await call(t, 'PATCH', `/api/v1/printers/${id}${query}`, admin, { name: 'Taken over' }),
        await call(t, 'POST', `/api/v1/printers/${id}/secret${query}`, admin),
        await call(t, 'POST', `/api/v1/printers/${id}/test${query}`, admin),
        await call(t, 'GET', `/api/v1/printers/${id}/jobs${query}`, admin),
        await call(t, 'POST', `/api/v1/printers/jobs/${job._id}/reprint${query}`, admin),
        await call(t, 'DELETE', `/api/v1/printers/${id}${query}`, admin),
      ];
      expect(refused.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    }
    expect(await rows(t)).toEqual(before);
    // Through its own branch, the same calls work.
    const renamed = await call(t, 'PATCH', `/api/v1/printers/${gulshan._id}?branch=gulshan`, admin, {
      name: 'Garden grill 2',
    });
    expect(renamed.json<{ data: PrinterView }>().data).toMatchObject({ _id: gulshan._id, branchId: '2' });
    const reprint = await call(t, 'POST', `/api/v1/printers/jobs/${gulshanJob._id}/reprint?branch=gulshan`, admin);
    expect(reprint.statusCode).toBe(201);
    expect(reprint.json<{ data: PrintJobView }>().data).toMatchObject({ branchId: '2', reprint: true });
  });

  test("a printer's own poll works at its branch, whatever the request names", async ({ t, admin }) => {
    const made = await call(t, 'POST', '/api/v1/printers?branch=gulshan', admin, {
      name: 'Garden bar',
      role: 'bar',
      paperWidth: 58,
    });
    const printer = made.json<{ data: Made }>().data;
    const path = new URL(printer.pollUrl).pathname;
    expect((await call(t, 'POST', `/api/v1/printers/${printer._id}/test?branch=gulshan`, admin)).statusCode).toBe(201);
    const poll = await t.app.inject({ method: 'POST', url: `${path}?branch=main`, payload: {} });
    expect(poll.statusCode).toBe(200);
    expect(poll.json()).toMatchObject({ jobReady: true });
    const seen = (await call(t, 'GET', '/api/v1/printers?branch=gulshan', admin))
      .json<{ data: PrinterView[] }>()
      .data.find((p) => p._id === printer._id);
    expect(seen?.status).toBe('online');
  });
});
