import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';

/**
 * Removes an identity (the identity layer's user, its accounts and sessions) by e-mail or
 * id, inside the caller's transaction: deleting a person removes their sign-in with them.
 */
export async function removeIdentity(
  trx: Kysely<AppDatabase>,
  email: string,
  authUserId: string | null,
): Promise<void> {
  const identities = await trx
    .selectFrom('auth_user')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', email), ...(authUserId ? [eb('id', '=', authUserId)] : [])]))
    .execute();
  const ids = identities.map((i) => i.id);
  if (ids.length === 0) return;
  await trx.deleteFrom('auth_session').where('userId', 'in', ids).execute();
  await trx.deleteFrom('auth_account').where('userId', 'in', ids).execute();
  await trx.deleteFrom('auth_user').where('id', 'in', ids).execute();
}

/** Whether an identity shows this picture (sign-up sets it there as well as on the record). */
export async function identityHasImage(db: Kysely<AppDatabase>, url: string): Promise<boolean> {
  return (await db.selectFrom('auth_user').select('id').where('image', '=', url).executeTakeFirst()) !== undefined;
}

/** The ids of an identity's sessions (to tell which ones a sign-out or a revocation ended). */
export async function identitySessionIds(db: Kysely<AppDatabase>, authUserId: string): Promise<string[]> {
  return (await db.selectFrom('auth_session').select('id').where('userId', '=', authUserId).execute()).map(
    (row) => row.id,
  );
}
