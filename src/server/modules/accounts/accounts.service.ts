import type { Language } from '../../../shared/i18n/languages.ts';
import type { Kysely } from 'kysely';
import type { UserRecord, UserSummary } from '../../../shared/contract/users.ts';
import type { Role } from '../../../shared/constants.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase, UserRow } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { identityHasImage, removeIdentity, toBranches } from '../auth/auth.service.ts';
import type { FavoritesService } from '../favorites/favorites.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { DishReportsService } from '../dish-reports/dish-reports.service.ts';
import { toUserSummary } from './accounts.mappers.ts';
import { type NewUserRecord, createAccountsRepository } from './accounts.repository.ts';

/**
 * The product's user records (docs/reference/storefront.md §3 "User"): created from an identity, never given a
 * role by a request; read with their orders, favourites and reports (through those modules).
 */
export const USER_MESSAGES = {
  lastAdmin: 'The restaurant needs at least one administrator: make another user admin first',
} as const;

export function createAccountsService(
  db: Kysely<AppDatabase>,
  engine: Engine,
  records: { orders: OrdersService; favorites: FavoritesService; reports: DishReportsService },
  /** After a role change or a deletion has committed: what the account was allowed ends (its live event streams, on every server). */
  onAccessChanged: (userId: number) => Promise<void> = async () => {},
  /** The app's clock (epoch ms): when a record was made. */
  now: () => number = Date.now,
) {
  const users = createAccountsRepository(db, now);
  return {
    findByEmail: (email: string) => users.findByEmail(email),
    findById: (id: number) => users.findById(id),
    ensure: (user: NewUserRecord) => users.ensure(user),
    updateProfile: (id: number, profile: Parameters<typeof users.updateProfile>[1]) => users.updateProfile(id, profile),
    /** A role at every branch (the first administrator, made at start). */
    setRole: (id: number, role: Parameters<typeof users.setRole>[1]) => users.setRole(id, role, null),
    countAdmins: () => users.countAdmins(),

    async byEmailOrThrow(email: string): Promise<UserRow> {
      const user = await users.findByEmail(email);
      if (!user) throw notFound('noUserWithEMail');
      return user;
    },

    /** Whether a profile (record or identity) shows this uploaded photo. */
    async photoInUse(url: string): Promise<boolean> {
      return (await users.hasPhoto(url)) || (await identityHasImage(db, url));
    },

    async list(): Promise<UserSummary[]> {
      return (await users.list()).map(toUserSummary);
    },

    /** The record with its orders, favourites and reports, newest last, their dishes named in `language`. */
    async record(user: UserRow, language: Language = 'en'): Promise<UserRecord> {
      const [orders, favorites, reports] = await Promise.all([
        records.orders.listForUser(user.id, language),
        records.favorites.listForUser(user.id, language),
        records.reports.listForUser(user.id, user.email, language),
      ]);
      return { ...toUserSummary(user), orders, favorites, reports };
    },

    /**
     * Removes a user with everything of theirs (records by cascade, identity and sessions) in
     * one transaction. An administrator cannot remove their own account this way.
     */
    async remove(id: number, callerId: number): Promise<UserRow> {
      const removed = await db.transaction().execute(async (trx) => {
        const inTransaction = createAccountsRepository(trx, now);
        const admins = await inTransaction.adminIds(engine === 'postgres');
        const user = await inTransaction.findById(id);
        if (!user) throw notFound('noUserWithId');
        if (user.id === callerId) throw conflict('youCannotDeleteYourOwn');
        if (admins.includes(user.id) && admins.length <= 1) throw conflict('restaurantNeedsLeastOneAdministrator');
        await inTransaction.delete(user.id);
        await removeIdentity(trx, user.email, user.auth_user_id);
        return user;
      });
      await onAccessChanged(removed.id);
      return removed;
    },

    /**
     * PATCH /api/v1/users/users/{id} (brand admins): a role and the branches it is held at
     * (`branches` left out: the list kept; a guest holds none; null: every branch). The role is
     * read from the database on every request (auth/access.ts), so the change holds from the
     * next request, whatever token the user holds, and the account's live event streams close
     * on every server before the answer. The last brand admin cannot be demoted or tied to
     * branches (409).
     */
    async changeRole(
      id: number,
      role: Role,
      branches?: number[] | null,
    ): Promise<UserSummary & { branches: string[] | null }> {
      const changed = await db.transaction().execute(async (trx) => {
        const inTransaction = createAccountsRepository(trx, now);
        const admins = await inTransaction.adminIds(engine === 'postgres');
        const user = await inTransaction.findById(id);
        if (!user) throw notFound('noUserWithId');
        const held = role === 'user' ? null : branches === undefined ? toBranches(user.branches) : branches;
        const brandAdmin = role === 'admin' && held === null;
        if (!brandAdmin && admins.includes(user.id) && admins.length <= 1)
          throw conflict('restaurantNeedsLeastOneAdministrator');
        await inTransaction.setRole(user.id, role, held);
        const before = toBranches(user.branches);
        return {
          summary: { ...toUserSummary({ ...user, role }), branches: held?.map(String) ?? null },
          changed: user.role !== role || JSON.stringify(before) !== JSON.stringify(held),
          id: user.id,
        };
      });
      // Streams opened under the old role close (the client opens them again with what it may now see).
      if (changed.changed) await onAccessChanged(changed.id);
      return changed.summary;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
