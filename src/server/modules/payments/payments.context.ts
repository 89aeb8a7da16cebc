import { type Minor, asMinor, subtractMinor } from '../../../shared/domain/money.ts';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { PaymentProviderName } from '../../../shared/contract/payments.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { DEPOSIT_HOLD_MINUTES } from '../../../shared/domain/workflows.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import { createProviderKeys } from './provider-keys.ts';
import { type PaymentRow, createPaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createWebhookEvents } from './webhook-events.ts';

export interface PaymentsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PaymentsDeps {
  restaurant: RestaurantService;
  /** The providers set up in this environment (config); `demo` when no other is. */
  providers: Partial<Record<PaymentProviderName, PaymentProvider>>;
  /** Verifies a Stripe webhook's signature and parses its event (throws when it does not match). */
  stripeEvent?: (body: Buffer, signature: string) => Stripe.Event;
  publicUrl: string;
  engine: 'sqlite' | 'postgres';
  log: PaymentsLog;
  now?: () => number;
  timing?: Partial<PaymentTiming>;
}

export interface PaymentTiming {
  /** A payment pending this long is asked about by the scheduler (15 minutes). */
  recheckAfterMs: number;
  /** …then again this often (1 minute), which is also how often the scheduler runs. */
  recheckEveryMs: number;
  /** A payment the provider still calls pending after this long is expired here (45 minutes; Stripe's sessions expire at 30). */
  giveUpAfterMs: number;
  /** A deposit not paid this long after its booking ends it (15 minutes: the table's hold). */
  depositHoldMs: number;
}

export const DEFAULT_PAYMENT_TIMING: PaymentTiming = {
  recheckAfterMs: 15 * 60_000,
  recheckEveryMs: 60_000,
  giveUpAfterMs: 45 * 60_000,
  depositHoldMs: DEPOSIT_HOLD_MINUTES * 60_000,
};

/** How a bill counts an online provider's money (bill payment `method`). */
const ONLINE_METHOD: Record<string, string> = { stripe: 'card', bkash: 'bkash', demo: 'card' };
export const onlineMethod = (provider: string, verified?: string) => verified ?? ONLINE_METHOD[provider] ?? 'card';

/** The key of the full refund of a payment that arrived with nothing (or less) due on its bill: its answer says `counted: false`. */
export const uncountedKey = (id: number) => `uncounted-${id}`;

/** A succeeded online payment as its bill counts it (recordSucceeded): the amount less the tip, the tip apart. */
export function succeededOnBill(row: PaymentRow, verifiedMethod?: string) {
  const tip = asMinor(row.tip ?? 0);
  return {
    method: onlineMethod(row.provider, verifiedMethod),
    provider: row.provider,
    amount: subtractMinor(asMinor(row.amount), tip),
    tip,
    byUserId: row.user_id,
    paymentId: row.id,
  };
}

/** The full refund of a succeeded payment its bill did not count (`notOpen`, `overDue`, `notFound`): its key and reason. */
export const uncountedGiveBack = (row: PaymentRow, outcome: string) => ({
  key: uncountedKey(row.id),
  reason: `The bill had ${outcome === 'overDue' ? 'less than this payment due' : 'nothing due'} when the payment arrived`,
});

/** What a payment pays for, by the column that names it: a checkout's ticket, a booking's deposit, or a bill. */
export type PurposeKind = 'checkout' | 'deposit' | 'bill';
export const purposeOf = (row: PaymentRow): PurposeKind | undefined =>
  row.ticket_id !== null
    ? 'checkout'
    : row.reservation_id !== null
      ? 'deposit'
      : row.bill_id !== null
        ? 'bill'
        : undefined;

/** What a purpose answers when its payment became final: a refund of the whole payment to write (its money no longer has a place), and what to run once committed. */
export interface PurposeSettled {
  giveBack?: { key: string; reason: string };
  after?: () => Promise<void>;
}

/**
 * What a payment pays for, as the module that owns it plugs it in (decision 041): tickets the
 * checkout, reservations the deposit, bills a bill's due. Each runs in the payment's settling
 * transaction, so the payment and what it pays for move together or not at all.
 */
export interface PaymentPurpose {
  /** Made ready before the settling transaction begins (`settings` as it reads them): what must not be built while its locks are held. */
  prepare?(settings: RestaurantSettings, row: PaymentRow): Promise<void>;
  /** Locks taken first in the settling transaction, before the payment's row (the order every write of that purpose takes them). */
  lock?(trx: Kysely<AppDatabase>, row: PaymentRow): Promise<void>;
  /** The payment became final (`outcome`), in its settling transaction (`settings` read before it). */
  settled(
    trx: Kysely<AppDatabase>,
    payment: {
      row: PaymentRow;
      outcome: 'succeeded' | 'failed' | 'expired';
      method: string | undefined;
      settings: RestaurantSettings;
    },
  ): Promise<PurposeSettled>;
  /** Whether a caller other than its payer and staff may follow the payment (GET /api/v1/payments/{id}). */
  mayFollow?(caller: Caller, row: PaymentRow): Promise<boolean>;
}

/** A refund of an online payment went through, in its transaction (`settings` read before it): the bill payment it made shows it. */
export type RefundedHook = (
  trx: Kysely<AppDatabase>,
  settings: RestaurantSettings,
  paymentId: number,
  amount: Minor,
) => Promise<void>;

/** What the parts of the payments module share: its handle, clock, rows, keys and the purposes plugged in. */
export function createPaymentsContext(db: Kysely<AppDatabase>, deps: PaymentsDeps) {
  const now = () => deps.now?.() ?? Date.now();
  return {
    db,
    deps,
    timing: { ...DEFAULT_PAYMENT_TIMING, ...deps.timing },
    now,
    iso: (ms = now()) => new Date(ms).toISOString(),
    payments: createPaymentsRepository(db),
    holder: randomUUID(),
    keys: createProviderKeys(db),
    events: createWebhookEvents(db),
    purposes: new Map<PurposeKind, PaymentPurpose>(),
    refunded: [] as RefundedHook[],
    providerOf: (row: PaymentRow) => deps.providers[row.provider as PaymentProviderName],
  };
}

export type PaymentsContext = ReturnType<typeof createPaymentsContext>;
