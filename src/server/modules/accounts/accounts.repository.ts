import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/constants.ts';
import type { AppDatabase, UserRow } from '../../db/schema.ts';

/** All SQL about the product's user records. Returns rows, or undefined. */

export interface NewUserRecord {
  email: string;
  name: string;
  userImg: string | null;
  authUserId: string | null;
}

export function createAccountsRepository(db: Kysely<AppDatabase>, now: () => number = Date.now) {
  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Creates the record when the e-mail has none; never changes a role. Returns the id
     * and whether this call created it. Safe against two calls racing (unique e-mail).
     */
    async ensure(user: NewUserRecord): Promise<{ id: number; created: boolean }> {
      const inserted = await db
        .insertInto('users')
        .values({
          email: user.email.toLowerCase(),
          name: user.name,
          user_img: user.userImg,
          role: 'user',
          auth_user_id: user.authUserId,
          created_at: new Date(now()).toISOString(),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      const existing = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email.toLowerCase())
        .executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    },

    /** Brings the record in line with the identity (name, photo if given, identity link). The role is left alone. */
    async updateProfile(
      id: number,
      profile: { name?: string; userImg?: string | null; authUserId?: string | null },
    ): Promise<void> {
      const changes: Partial<Pick<UserRow, 'name' | 'user_img' | 'auth_user_id'>> = {};
      if (profile.name !== undefined) changes.name = profile.name;
      if (profile.userImg !== undefined && profile.userImg !== null) changes.user_img = profile.userImg;
      if (profile.authUserId !== undefined && profile.authUserId !== null) changes.auth_user_id = profile.authUserId;
      if (Object.keys(changes).length > 0) await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /** A role and the branches it is held at (null: every branch). */
    async setRole(id: number, role: Role, branches: number[] | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ role, branches: branches === null ? null : JSON.stringify(branches) })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The brand admins' ids (administrators without a list of branches). With `lock`
     * (PostgreSQL), their rows stay locked until the transaction ends, so two admins demoting
     * each other at once cannot leave none.
     */
    async adminIds(lock: boolean): Promise<number[]> {
      let query = db.selectFrom('users').select('id').where('role', '=', 'admin').where('branches', 'is', null);
      if (lock) query = query.forUpdate();
      return (await query.execute()).map((row) => row.id);
    },

    async countAdmins(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async hasPhoto(url: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('user_img', '=', url).executeTakeFirst()) !== undefined;
    },

    list(): Promise<UserRow[]> {
      return db.selectFrom('users').selectAll().orderBy('id').execute();
    },

    /** Removes the record; its orders, favourites and reports go with it (ON DELETE CASCADE). */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}
