import { describe, expect } from 'vitest';
import type { BranchDish } from '../../../src/shared/contract/branch-menu.ts';
import type { OptionValue, Product } from '../../../src/shared/contract/catalog.ts';
import { addBranch, forgetBranches } from '../../support/branches.ts';
import { call } from '../../support/records.ts';
import { useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * An option value's own price at a branch (decision 068), as the Menu page's dish dialog sets and
 * reads it back: `values` of PUT /api/v1/branches/{id}/menu/{productId} is answered by GET
 * /api/v1/branches/{id}/menu, read by the branch's dish page and nowhere else, kept by a PUT that
 * names no values, and set back to the brand's by null. A value with a price of a branch's own
 * can still be deleted from the dish. On both engines.
 */
const ADMIN = { email: 'menu-option-prices@example.com', password: 'menu-option-prices-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.parse('2026-06-01T12:00:00.000Z'));

describe("an option value's price at a branch", () => {
  test('is read back, kept, set back and deleted with its value', async ({ t, admin, dishes }) => {
    await addBranch(t.database.db);
    await forgetBranches(t, admin);
    const dish = dishes.find((d) => (d.options ?? []).some((g) => g.values.length >= 2))!;
    const [value, other] = dish.options!.find((g) => g.values.length >= 2)!.values.slice(0, 2) as [
      OptionValue,
      OptionValue,
    ];
    const put = (body: unknown) => call(t, 'PUT', `/api/v1/branches/gulshan/menu/${dish._id}`, admin, body);
    const word = async () =>
      (await call(t, 'GET', '/api/v1/branches/gulshan/menu', admin))
        .json<{ data: BranchDish[] }>()
        .data.find((row) => row.productId === dish._id);
    const valuePrice = async (branch: string) => {
      const res = await call(t, 'GET', `/api/v1/allProductsData/${dish._id}${branch}`);
      expect(res.statusCode, res.body).toBe(200);
      const read = res.json<{ data: Product }>().data;
      return read.options!.flatMap((g) => g.values).find((v) => v._id === value._id)?.price;
    };

    // Set: answered by the PUT and read back by the branch's menu word; its dish page shows it.
    const set = await put({ offered: true, price: null, values: [{ _id: value._id, price: 7.25 }] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: BranchDish }>().data.values).toEqual([{ _id: value._id, price: 7.25 }]);
    expect((await word())?.values).toEqual([{ _id: value._id, price: 7.25 }]);
    expect(await valuePrice('?branch=gulshan')).toBe(7.25);
    expect(await valuePrice('')).toBe(value.price);

    // A PUT naming no values keeps them; naming another keeps this one too.
    expect((await put({ offered: true, price: 3 })).statusCode).toBe(200);
    expect((await put({ offered: true, price: null, values: [{ _id: other._id, price: 0.5 }] })).statusCode).toBe(200);
    expect((await word())?.values).toEqual(
      [
        { _id: value._id, price: 7.25 },
        { _id: other._id, price: 0.5 },
      ].sort((a, b) => a._id - b._id),
    );

    // Null: the brand's price again.
    expect((await put({ offered: true, price: null, values: [{ _id: value._id, price: null }] })).statusCode).toBe(200);
    expect((await word())?.values).toEqual([{ _id: other._id, price: 0.5 }]);
    expect(await valuePrice('?branch=gulshan')).toBe(value.price);

    // A value with Gulshan's own price is deleted from the dish as any other.
    const kept = dish.options!.map((g) => ({
      _id: g._id,
      name: g.name,
      min: 0,
      max: g.max,
      values: g.values
        .filter((v) => v._id !== other._id)
        .map((v) => ({ _id: v._id, name: v.name, price: v.price, default: false })),
    }));
    const edited = await call(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, { options: kept });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await word())?.values).toEqual([]);
  });
});
