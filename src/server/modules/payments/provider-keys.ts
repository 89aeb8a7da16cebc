import type { Kysely, Selectable } from 'kysely';
import type { AppDatabase, InstallTable } from '../../db/schema.ts';

/**
 * The idempotency keys sent to a provider (Stripe's Idempotency-Key, bKash's invoice number and
 * refund sku) carry the install's own id, made once by migration 0019 and kept in the database
 * (decision 037): two installs on one provider account never send the same key, where
 * `create-deposit-12` of one restaurant was the key of another's deposit 12. A payment or refund
 * written before that migration keeps the key it was first sent with, so that sending it again
 * stays the same request at the provider.
 */
export function createProviderKeys(db: Kysely<AppDatabase>) {
  let install: Promise<Selectable<InstallTable>> | undefined;
  const load = () => {
    install ??= db
      .selectFrom('install')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(() => new Error('The install id is missing (migration 0019)'))
      .catch((error: unknown) => {
        install = undefined;
        throw error;
      });
    return install;
  };
  const qualified = (id: string, key: string) => `${id}-${key}`;

  return {
    /** The install's id. */
    async installId(): Promise<string> {
      return (await load()).install_id;
    },
    /** The key a payment is created (and closed) with at its provider. */
    async ofPayment(payment: { id: number; key: string }): Promise<string> {
      const row = await load();
      return payment.id <= row.payments_before ? payment.key : qualified(row.install_id, payment.key);
    },
    /** The key a refund is sent with. */
    async ofRefund(refund: { id: number; key: string }): Promise<string> {
      const row = await load();
      return refund.id <= row.refunds_before ? refund.key : qualified(row.install_id, refund.key);
    },
  };
}

export type ProviderKeys = ReturnType<typeof createProviderKeys>;
