import type { Kysely } from 'kysely';
import { type Role, roleAtLeast } from '../../../shared/constants.ts';
import {
  type BillingSettings,
  type RestaurantPatch,
  type RestaurantSettings,
  STAFF_KITCHEN_FIELDS,
  restaurantSettingsSchema,
} from '../../../shared/contract/restaurant.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { fieldProblem, forbidden } from '../../http/errors.ts';
import { createRestaurantRepository } from './restaurant.repository.ts';

/** Billing merges like the rest; `rates` merge too, and a category rate set to null is removed. */
function mergeBilling(current: BillingSettings, patch: RestaurantPatch['billing']): BillingSettings {
  if (!patch) return current;
  const categoryRates: Record<string, number> = { ...current.categoryRates };
  for (const [category, rate] of Object.entries(patch.categoryRates ?? {})) {
    if (rate === null) delete categoryRates[category];
    else categoryRates[category] = rate;
  }
  const { rates, categoryRates: _sent, ...rest } = patch;
  return { ...current, ...rest, rates: { ...current.rates, ...rates }, categoryRates };
}

/**
 * The restaurant's settings (docs/reference/operations.md "Restaurant settings"): one JSON row, read often
 * (every availability answer), so kept in memory and re-read after every change.
 */
export interface RestaurantOptions {
  /** After a change has committed: tell the other servers (awaited). */
  onChanged?: () => Promise<void>;
  /** The restaurant's clock (epoch ms; tests pin it). */
  now?: () => number;
}

export function createRestaurantService(
  db: Kysely<AppDatabase>,
  defaults: RestaurantSettings,
  { onChanged, now: clock = Date.now }: RestaurantOptions = {},
) {
  const repository = createRestaurantRepository();
  let cached: RestaurantSettings | undefined;
  /** Counts the changes this server heard of: pages made from the settings keep it (modules/pages). */
  let version = 0;

  async function read(): Promise<RestaurantSettings> {
    if (cached) return cached;
    const stored = await repository.read(db);
    const parsed = stored === undefined ? undefined : restaurantSettingsSchema.safeParse(stored);
    cached = parsed?.success ? parsed.data : defaults;
    return cached;
  }

  return {
    get: read,

    /** The settings when this server holds them already (no read): what a hot path checks before awaiting `get`. */
    held: (): RestaurantSettings | undefined => cached,

    /** Another server changed the settings: read them again on next use. */
    invalidate(): void {
      version += 1;
      cached = undefined;
    },

    version: () => version,

    /** PATCH: objects merge, arrays replace; admins change anything, staff only the kitchen's busy controls. */
    async update(patch: RestaurantPatch, role: Role): Promise<RestaurantSettings> {
      if (!roleAtLeast(role, 'admin')) {
        const { kitchen, ...others } = patch;
        const otherFields = [
          ...Object.keys(others),
          ...Object.keys(kitchen ?? {})
            .filter((f) => !(STAFF_KITCHEN_FIELDS as readonly string[]).includes(f))
            .map((f) => `kitchen.${f}`),
        ];
        if (otherFields.length > 0)
          throw forbidden('staffMayOnlyChangeKitchen', {
            v0: STAFF_KITCHEN_FIELDS.join(', '),
            v1: otherFields.join(', '),
          });
      }
      const next = await db.transaction().execute(async (trx) => {
        const current = ((await repository.read(trx)) as RestaurantSettings | undefined) ?? defaults;
        const reservations = { ...current.reservations, ...patch.reservations };
        // Deposits are off when absent: null switches them off.
        if (reservations.deposit === null) delete reservations.deposit;
        const merged = {
          ...current,
          ...patch,
          reservations,
          kitchen: { ...current.kitchen, ...patch.kitchen },
          fulfilment: { ...current.fulfilment, ...patch.fulfilment },
          unpaidOrders: { ...defaults.unpaidOrders, ...current.unpaidOrders, ...patch.unpaidOrders },
          billing: mergeBilling(current.billing ?? defaults.billing, patch.billing),
        };
        // The whole settings must hold together after the merge (e.g. a party size the turn times cover).
        const checked = restaurantSettingsSchema.safeParse(merged);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          throw fieldProblem(issue?.path.join('.') || 'settings', issue?.message ?? 'is not valid');
        }
        await repository.write(trx, checked.data, new Date(clock()).toISOString());
        return checked.data;
      });
      cached = next;
      version += 1;
      await onChanged?.();
      return next;
    },
  };
}

export type RestaurantService = ReturnType<typeof createRestaurantService>;
