import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/constants.ts';
import type { UserRecord, UserSummary } from '../../../shared/users-contract.ts';
import type { AppDatabase, UserRow } from '../../db/schema.ts';
import { toFavoriteListed, toOrderListed, toReportListed } from '../records/records.mappers.ts';

/** All SQL about the product's user records. Returns rows, contract shapes or null. */

export function toUserSummary(row: UserRow): UserSummary {
  return { _id: String(row.id), name: row.name, email: row.email, userImg: row.user_img, role: row.role === 'admin' ? 'admin' : 'user' };
}

export interface NewUserRecord {
  email: string;
  name: string;
  userImg: string | null;
  authUserId: string | null;
}

export function createUsersRepository(db: Kysely<AppDatabase>) {
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
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      const existing = await db.selectFrom('users').select('id').where('email', '=', user.email.toLowerCase()).executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    },

    /** Brings the record in line with the identity (name, photo if given, identity link). The role is left alone. */
    async updateProfile(id: number, profile: { name?: string; userImg?: string | null; authUserId?: string | null }): Promise<void> {
      const changes: Partial<Pick<UserRow, 'name' | 'user_img' | 'auth_user_id'>> = {};
      if (profile.name !== undefined) changes.name = profile.name;
      if (profile.userImg !== undefined && profile.userImg !== null) changes.user_img = profile.userImg;
      if (profile.authUserId !== undefined && profile.authUserId !== null) changes.auth_user_id = profile.authUserId;
      if (Object.keys(changes).length > 0) await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    async setRole(id: number, role: Role): Promise<void> {
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
    },

    async countAdmins(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'admin').executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async list(): Promise<UserSummary[]> {
      const rows = await db.selectFrom('users').selectAll().orderBy('id').execute();
      return rows.map(toUserSummary);
    },

    /** The record with its orders, favourites and reports, newest last. */
    async loadRecord(user: UserRow): Promise<UserRecord> {
      const [orders, favorites, reports] = await Promise.all([
        db.selectFrom('orders').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
        db.selectFrom('favorites').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
        db.selectFrom('reports').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      ]);
      return {
        ...toUserSummary(user),
        orders: orders.map(toOrderListed),
        favorites: favorites.map(toFavoriteListed),
        reports: reports.map((r) => toReportListed(r, user.email)),
      };
    },

    /**
     * Removes the user, every record of theirs and their identity (accounts, sessions)
     * in one transaction. The caller removes the photo file after the commit.
     */
    async deleteCompletely(user: UserRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('orders').where('user_id', '=', user.id).execute();
        await trx.deleteFrom('favorites').where('user_id', '=', user.id).execute();
        await trx.deleteFrom('reports').where('user_id', '=', user.id).execute();
        await trx.deleteFrom('users').where('id', '=', user.id).execute();
        const identities = await trx
          .selectFrom('auth_user')
          .select('id')
          .where((eb) => eb.or([eb('email', '=', user.email), ...(user.auth_user_id ? [eb('id', '=', user.auth_user_id)] : [])]))
          .execute();
        const ids = identities.map((i) => i.id);
        if (ids.length > 0) {
          await trx.deleteFrom('auth_session').where('userId', 'in', ids).execute();
          await trx.deleteFrom('auth_account').where('userId', 'in', ids).execute();
          await trx.deleteFrom('auth_user').where('id', 'in', ids).execute();
        }
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
