import { describe, expect } from 'vitest';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';

/**
 * GET /api/v1/tables/{id}/label (issue 41, point 3): the one thing a guest at a table's QR code
 * may read about it, its name, with no account; an inactive or unknown table is 404 and a
 * malformed id 400, like every other id in the API.
 */
const ADMIN = { email: 'label-owner@example.com', password: 'label-owner-password' };
const test = useRecordsWorld(ADMIN);

describe("a table's label", () => {
  test('names an active table to anyone, and nothing else of it', async ({ t, alice, admin }) => {
    const created = await call(t, 'POST', '/api/v1/tables', admin, { name: 'Window 2', minCovers: 1, maxCovers: 2 });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    for (const who of [undefined, alice, admin]) {
      const res = await call(t, 'GET', `/api/v1/tables/${id}/label`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { _id: id, name: 'Window 2' } });
    }
  });

  test('is 404 for a table switched off or never made, 400 for an id that is not one', async ({ t, admin }) => {
    const created = await call(t, 'POST', '/api/v1/tables', admin, { name: 'Terrace 9', minCovers: 1, maxCovers: 2 });
    const id = created.json().data._id as string;
    expect((await call(t, 'PATCH', `/api/v1/tables/${id}`, admin, { active: false })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/v1/tables/${id}/label`)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/v1/tables/99999999/label')).statusCode).toBe(404);
    const bad = await call(t, 'GET', '/api/v1/tables/seven/label');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: expect.any(String) });
  });
});
