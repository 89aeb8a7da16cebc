import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { AccountsService } from './accounts.service.ts';
import type { Identity } from '../auth/auth.service.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@restaurant.example';

/**
 * The first administrator: ADMIN_EMAIL + ADMIN_PASSWORD are created (or, if the account
 * exists, promoted) at every start. Without them, the first start that finds no admin at
 * all creates one with a random password and announces it once.
 */
export async function bootstrapAdmin(deps: {
  config: Pick<Config, 'admin'>;
  db: Kysely<AppDatabase>;
  identity: Identity;
  users: AccountsService;
  announce: (message: string) => void;
}): Promise<void> {
  const { config, db, identity, users, announce } = deps;
  if (config.admin) {
    await ensureAdminAccount(config.admin.email, config.admin.password);
    return;
  }
  if ((await users.countAdmins()) > 0) return;
  const password = randomBytes(12).toString('base64url');
  const existing = await db
    .selectFrom('auth_user')
    .select('id')
    .where('email', '=', GENERATED_ADMIN_EMAIL)
    .executeTakeFirst();
  await ensureAdminAccount(GENERATED_ADMIN_EMAIL, password);
  if (!existing) {
    announce(
      `First administrator created: ${GENERATED_ADMIN_EMAIL} with password ${password} ` +
        '(shown only this once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own).',
    );
  }

  async function ensureAdminAccount(email: string, password: string): Promise<void> {
    let authUser = await db
      .selectFrom('auth_user')
      .select(['id', 'name'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!authUser) {
      const created = await identity.api.signUpEmail({ body: { email, password, name: 'Administrator' } });
      authUser = { id: created.user.id, name: created.user.name };
    }
    const { id } = await users.ensure({ email, name: authUser.name, userImg: null, authUserId: authUser.id });
    await users.updateProfile(id, { authUserId: authUser.id });
    await users.setRole(id, 'admin');
  }
}
