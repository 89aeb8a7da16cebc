import type { Kysely } from 'kysely';
import type { BranchCreateBody, BranchPatchBody } from '../../../shared/contract/branches.ts';
import { restaurantSettingsSchema } from '../../../shared/contract/restaurant.ts';
import { BRANCH_MENU_TABLES, MAIN_BRANCH_ID, asBranchId, branchHasRows } from '../../db/branch.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { HttpError, conflict, notFound } from '../../http/errors.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import { createBranchesRepository } from './branches.repository.ts';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

export interface BranchWritesDeps {
  restaurant: Pick<RestaurantService, 'at' | 'create' | 'remove'>;
  /** After a change has committed: every server forgets its directory of branches (awaited). */
  onChanged: () => Promise<void>;
  now: () => number;
}

/**
 * The brand admins' writes of branches (docs/reference/branches.md "The API", decision 062): a
 * branch is made with its settings row in one transaction (its place as given, its rules the
 * first branch's to start from), changed in its own columns, and removed only while no row of
 * any branch-scoped table names it; with history it is archived instead (its pages answer 410,
 * its figures stay in the brand's day). The last open branch is neither removed nor archived.
 */
export function createBranchWrites(db: Kysely<AppDatabase>, deps: BranchWritesDeps) {
  /** A write that may meet another branch's slug: 409 rather than the database's refusal. */
  async function slugChecked<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('branchSlugTaken');
      throw error;
    }
  }

  /** A branch's row by its id or slug (the routes' `{idOrSlug}`). */
  const rowOf = (trx: Kysely<AppDatabase>, idOrSlug: string) =>
    createBranchesRepository(trx).find(/^\d+$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug });

  /** Whether `id` is the only branch not archived. */
  async function lastOpen(trx: Kysely<AppDatabase>, id: number): Promise<boolean> {
    const open = await createBranchesRepository(trx).listOpen();
    return open.length === 1 && open[0]?.id === id;
  }

  return {
    /** POST /api/v1/branches: the new branch's id. */
    async create(body: BranchCreateBody): Promise<number> {
      const first = await deps.restaurant.at(MAIN_BRANCH_ID).get();
      const settings = restaurantSettingsSchema.parse({
        ...first,
        name: body.name,
        address: body.address,
        phone: body.phone,
        timeZone: body.timeZone,
        openingHours: body.openingHours ?? first.openingHours,
        closedDates: body.closedDates ?? [],
      });
      // The new id is one past the highest: two brand admins adding a branch at once may take the
      // same one, and the second is refused by the key and tries again (its slug checked anew).
      let id: number | undefined;
      for (let attempt = 1; id === undefined; attempt += 1) {
        try {
          id = await db.transaction().execute(async (trx) => {
            const repository = createBranchesRepository(trx);
            if (await repository.find({ slug: body.slug })) throw conflict('branchSlugTaken');
            const next = await repository.next();
            await repository.insert({
              id: next.id,
              slug: body.slug,
              name_bn: body.translations?.bn.name || null,
              position: next.position,
              archived_at: null,
              created_at: new Date(deps.now()).toISOString(),
            });
            await deps.restaurant.create(trx, asBranchId(next.id), settings);
            return next.id;
          });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
      await deps.onChanged();
      return id;
    },

    /** PATCH /api/v1/branches/{idOrSlug}: its slug, its names, its place in the lists (an archived branch: 410). */
    async update(idOrSlug: string, patch: BranchPatchBody): Promise<number> {
      const row = await rowOf(db, idOrSlug);
      if (!row) throw notFound('noSuchBranch');
      if (row.archived_at !== null) throw new HttpError(410, 'branchHasClosed');
      const columns = {
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        ...(patch.translations ? { name_bn: patch.translations.bn.name || null } : {}),
        ...(patch.position !== undefined ? { position: patch.position } : {}),
      };
      if (Object.keys(columns).length > 0) {
        const changed = await slugChecked(() => createBranchesRepository(db).update(row.id, columns));
        if (!changed) throw notFound('noSuchBranch');
      }
      // Its English name is its settings row's (the brand's is kept apart: decision 062).
      if (patch.name !== undefined) await deps.restaurant.at(asBranchId(row.id)).rename(patch.name);
      await deps.onChanged();
      return row.id;
    },

    /** DELETE /api/v1/branches/{idOrSlug}: removed without history, archived with it; whether it was archived. */
    async remove(idOrSlug: string): Promise<{ id: number; archived: boolean }> {
      const result = await db.transaction().execute(async (trx) => {
        const repository = createBranchesRepository(trx);
        const row = await rowOf(trx, idOrSlug);
        if (!row) throw notFound('noSuchBranch');
        const { id } = row;
        if (row.archived_at !== null) return { id, archived: true };
        if (await lastOpen(trx, id)) throw conflict('lastOpenBranch');
        const branch = asBranchId(id);
        // Branch 1 held the install before there were branches: it is never removed, only archived.
        if (branch !== MAIN_BRANCH_ID && !(await branchHasRows(trx, branch))) {
          for (const table of BRANCH_MENU_TABLES) await trx.deleteFrom(table).where('branch_id', '=', branch).execute();
          await deps.restaurant.remove(trx, branch);
          await repository.remove(id);
          return { id, archived: false };
        }
        await repository.update(id, { archived_at: new Date(deps.now()).toISOString() });
        return { id, archived: true };
      });
      await deps.onChanged();
      return result;
    },
  };
}
