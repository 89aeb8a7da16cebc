import { describe, expect } from 'vitest';
import { BRANCH_MENU_TABLES, BRANCH_SCOPED_TABLES } from '../../../src/server/db/branch.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, createAccount } from '../../support/factories.ts';
import { openGulshan } from '../../support/branches.ts';
import { call } from '../../support/records.ts';
import { named, order, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Issue 57's isolation walk (docs/reference/branches.md "Who may do what", "Scale and isolation"):
 * a staff member and a branch admin of the first branch call every endpoint that needs a
 * signed-in caller, as the OpenAPI document lists them, at Gulshan (`?branch=gulshan`): each
 * answers 403 before its input is even read (the access check resolves the branch of a caller
 * held at branches), and no row of Gulshan's changes. A new endpoint is walked the day it is
 * written. On both engines.
 */
const ADMIN = { email: 'isolation-walk@example.com', password: 'isolation-walk-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.parse('2026-06-01T12:00:00.000Z'));

/** Every row of every branch-scoped table that is Gulshan's. */
async function gulshanRows(t: TestApp) {
  const rows: Record<string, unknown[]> = {};
  for (const table of [...BRANCH_SCOPED_TABLES, ...BRANCH_MENU_TABLES])
    rows[table] = await t.database.db
      .selectFrom(table)
      .selectAll()
      .where('branch_id', '=', 2)
      .orderBy('branch_id')
      .execute();
  return rows;
}

describe('the isolation walk', () => {
  test('staff and a branch admin of one branch are refused everything of another', async ({ t, admin, dishes }) => {
    await t.app.ready();
    const gulshan = await openGulshan(t, admin);
    expect(gulshan).toBe('2');
    // Gulshan has a table, an order with its bill, and a printer.
    expect(
      (await call(t, 'POST', '/api/v1/tables?branch=gulshan', admin, { name: 'G1', minCovers: 1, maxCovers: 4 }))
        .statusCode,
    ).toBe(201);
    const placed = await call(t, 'POST', '/api/v1/tickets?branch=gulshan', admin, order(named(dishes, 'Beef Tacos')));
    expect(placed.statusCode).toBe(201);
    const ticket = placed.json<{ data: Ticket }>().data;
    expect(
      (
        await call(t, 'POST', '/api/v1/printers?branch=gulshan', admin, {
          name: 'Pass',
          role: 'kitchen',
          paperWidth: 80,
        })
      ).statusCode,
    ).toBe(201);

    // A staff member and a branch admin of the first branch.
    const heldAtFirst = async (role: 'staff' | 'admin', name: string): Promise<TestAccount> => {
      const account = await createAccount(t.app, { name });
      const res = await call(t, 'PATCH', `/api/v1/users/users/${account.userId}`, admin, { role, branches: ['1'] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { branches: string[] } }>().data.branches).toEqual(['1']);
      return account;
    };
    const callers = {
      staff: await heldAtFirst('staff', 'Dhaka Staff'),
      admin: await heldAtFirst('admin', 'Dhaka Admin'),
    };

    const before = await gulshanRows(t);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const ids: Record<string, string> = { id: ticket.billId ?? '1', idOrSlug: 'gulshan' };
    const walked: string[] = [];
    const leaks: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security?.some((s) => 'bearer' in (s as object))) continue;
        const name = `${method.toUpperCase()} ${path}`;
        const url = path.replace(/\{(\w+)\}/g, (_, param: string) => ids[param] ?? '1');
        const joiner = url.includes('?') ? '&' : '?';
        for (const [who, caller] of Object.entries(callers)) {
          const res = await call(
            t,
            method.toUpperCase() as Parameters<typeof call>[1],
            `${url}${joiner}branch=gulshan`,
            caller,
            {},
          );
          walked.push(`${who} ${name}`);
          if (res.statusCode !== 403) leaks.push(`${who} ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(walked.length).toBeGreaterThan(60);
    expect(await gulshanRows(t)).toEqual(before);

    // At their own branch they work; the brand's day and the brand's settings are the brand admins'.
    expect((await call(t, 'GET', '/api/v1/kitchen/tickets', callers.staff)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/v1/reports/day?date=2026-06-01', callers.admin)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/v1/reports/day?date=2026-06-01&branch=all', callers.admin)).statusCode).toBe(
      403,
    );
    expect((await call(t, 'PATCH', '/api/v1/restaurant', callers.admin, { currency: 'BDT' })).statusCode).toBe(403);
    expect(
      (await call(t, 'PATCH', '/api/v1/restaurant', callers.admin, { phone: '+880 1711-000001' })).statusCode,
    ).toBe(200);
  });
});
