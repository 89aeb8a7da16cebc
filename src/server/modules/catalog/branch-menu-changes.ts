import type { Kysely } from 'kysely';
import type { BranchDish, BranchDishBody } from '../../../shared/contract/branch-menu.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import { type BranchId, MAIN_BRANCH_ID } from '../../db/branch.ts';
import { isRepeat } from '../../db/request-keys.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { asMinor } from '../../../shared/domain/money.ts';

/** What a branch's menu change needs of the catalogue service. */
export interface BranchMenuChangesContext {
  db: Kysely<AppDatabase>;
  clock: () => number;
  /** After the change has committed: the cached answers go, the other servers are told. */
  afterChange(): Promise<void>;
}

/**
 * The writes of what a branch sells (decision 068): a dish offered or not there and its price
 * there (PUT /api/v1/branches/{id}/menu/{productId}), and the sold-out switches of a branch other
 * than the first (the first branch's stay on the dish's own row, as before there were branches).
 * Each is one transaction, and the menu's answers go after its commit, as for every menu change.
 */
export function createBranchMenuChanges({ db, clock, afterChange }: BranchMenuChangesContext) {
  async function change<T>(work: (trx: Kysely<AppDatabase>, now: string) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute((trx) => work(trx, new Date(clock()).toISOString()));
    await afterChange();
    return result;
  }

  /** The dish on the menu (404 otherwise); `branch` given: one it offers (409 otherwise). */
  async function liveDish(trx: Kysely<AppDatabase>, id: number, branch?: BranchId): Promise<void> {
    const row = await trx
      .selectFrom('products')
      .select(['id', 'name', 'name_bn'])
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound('noDish');
    if (branch === undefined) return;
    const own = await trx
      .selectFrom('branch_menu')
      .select('offered')
      .where('branch_id', '=', branch)
      .where('product_id', '=', id)
      .executeTakeFirst();
    if (own && Number(own.offered) !== 1) throw conflict('notOfferedHere', { name: row });
  }

  /** The dish's row at the branch, made (offered, the brand's price) when it has none. */
  async function ensureRow(trx: Kysely<AppDatabase>, branch: BranchId, id: number, now: string): Promise<void> {
    await trx
      .insertInto('branch_menu')
      .values({
        branch_id: branch,
        product_id: id,
        offered: 1,
        price: null,
        available: null,
        sold_out_until: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['branch_id', 'product_id']).doNothing())
      .execute();
  }

  /** One dish's word at `branch` as it is set now. */
  async function wordOf(trx: Kysely<AppDatabase>, branch: BranchId, id: number): Promise<BranchDish> {
    const [dish, values] = await Promise.all([
      trx
        .selectFrom('branch_menu')
        .select(['offered', 'price'])
        .where('branch_id', '=', branch)
        .where('product_id', '=', id)
        .executeTakeFirst(),
      trx
        .selectFrom('branch_option_values as b')
        .innerJoin('option_values as v', 'v.id', 'b.value_id')
        .select(['b.value_id', 'b.price'])
        .where('b.branch_id', '=', branch)
        .where('v.product_id', '=', id)
        .where('b.price', 'is not', null)
        .orderBy('b.value_id')
        .execute(),
    ]);
    return {
      branchId: String(branch),
      productId: String(id),
      offered: dish ? Number(dish.offered) === 1 : true,
      price: dish?.price == null ? null : fromMinorUnits(asMinor(Number(dish.price))),
      values: values.map((row) => ({
        _id: row.value_id,
        price: row.price === null ? null : fromMinorUnits(asMinor(Number(row.price))),
      })),
    };
  }

  return {
    /** GET /api/v1/branches/{id}/menu: every dish `branch` has a word on, by dish id. */
    async branchMenu(branch: BranchId): Promise<BranchDish[]> {
      const rows = await db
        .selectFrom('branch_menu')
        .select('product_id')
        .where('branch_id', '=', branch)
        .orderBy('product_id')
        .execute();
      const priced = await db
        .selectFrom('branch_option_values as b')
        .innerJoin('option_values as v', 'v.id', 'b.value_id')
        .select('v.product_id')
        .where('b.branch_id', '=', branch)
        .where('b.price', 'is not', null)
        .execute();
      const ids = [...new Set([...rows, ...priced].map((row) => row.product_id))].sort((a, b) => a - b);
      return Promise.all(ids.map((id) => wordOf(db, branch, id)));
    },

    /** PUT /api/v1/branches/{id}/menu/{productId}: offered or not, the price here (null: the brand's), its values' prices. */
    async setBranchDish(branch: BranchId, id: number, body: BranchDishBody): Promise<BranchDish> {
      return change(async (trx, now) => {
        await liveDish(trx, id);
        await ensureRow(trx, branch, id, now);
        await trx
          .updateTable('branch_menu')
          .set({
            offered: body.offered ? 1 : 0,
            price: body.price === null ? null : toMinorUnits(body.price),
            updated_at: now,
          })
          .where('branch_id', '=', branch)
          .where('product_id', '=', id)
          .execute();
        const ids = (body.values ?? []).map((value) => Number(value._id));
        const known = ids.length
          ? new Set(
              (
                await trx
                  .selectFrom('option_values')
                  .select('id')
                  .where('product_id', '=', id)
                  .where('id', 'in', ids)
                  .execute()
              ).map((row) => row.id),
            )
          : new Set<number>();
        for (const value of body.values ?? []) {
          const valueId = Number(value._id);
          if (!known.has(valueId)) throw badRequest('noOptionValueWithId', { v0: valueId });
          const price = value.price === null ? null : toMinorUnits(value.price);
          await trx
            .insertInto('branch_option_values')
            .values({ branch_id: branch, value_id: valueId, price, available: null, updated_at: now })
            .onConflict((oc) => oc.columns(['branch_id', 'value_id']).doUpdateSet({ price, updated_at: now }))
            .execute();
        }
        return wordOf(trx, branch, id);
      });
    },

    /**
     * A dish sold out or back at a branch other than the first (staff of that branch): until
     * `soldOutUntil` when given. A key sent again with the same switch changes nothing more.
     */
    async setDishAvailableAt(
      branch: BranchId,
      id: number,
      switched: { available: boolean; soldOutUntil?: string | null | undefined; key?: string | undefined },
    ): Promise<void> {
      if (branch === MAIN_BRANCH_ID) throw new Error('The first branch sells out on the dish row');
      if (switched.soldOutUntil && Date.parse(switched.soldOutUntil) <= clock()) throw badRequest('soldoutuntilFuture');
      await change(async (trx, now) => {
        const { key, ...request } = switched;
        const asked = JSON.stringify({ productId: id, branch, ...request });
        if (await isRepeat(trx, 'dish-availability', key, asked, now, () => conflict('keyWasAlreadyUsedAnother2')))
          return;
        await liveDish(trx, id, branch);
        await ensureRow(trx, branch, id, now);
        await trx
          .updateTable('branch_menu')
          .set({
            available: switched.available ? 1 : 0,
            sold_out_until: switched.available ? null : (switched.soldOutUntil ?? null),
            updated_at: now,
          })
          .where('branch_id', '=', branch)
          .where('product_id', '=', id)
          .execute();
      });
    },

    /** One option value on or off at a branch other than the first (staff of that branch). */
    async setValueAvailableAt(branch: BranchId, id: number, valueId: number, available: boolean, key?: string) {
      if (branch === MAIN_BRANCH_ID) throw new Error('The first branch sells out on the value row');
      await change(async (trx, now) => {
        const asked = JSON.stringify({ productId: id, valueId, available, branch });
        if (await isRepeat(trx, 'option-availability', key, asked, now, () => conflict('keyWasAlreadyUsedAnother2')))
          return;
        await liveDish(trx, id, branch);
        const value = await trx
          .selectFrom('option_values')
          .select('id')
          .where('id', '=', valueId)
          .where('product_id', '=', id)
          .executeTakeFirst();
        if (!value) throw notFound('dishHasNoOptionValue');
        const flag = available ? 1 : 0;
        await trx
          .insertInto('branch_option_values')
          .values({ branch_id: branch, value_id: valueId, price: null, available: flag, updated_at: now })
          .onConflict((oc) => oc.columns(['branch_id', 'value_id']).doUpdateSet({ available: flag, updated_at: now }))
          .execute();
      });
    },
  };
}
