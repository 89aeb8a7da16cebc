import type { Kysely } from 'kysely';
import { type Role, roleAtLeast } from '../../../shared/constants.ts';
import {
  type BillingSettings,
  type RestaurantPatch,
  type RestaurantSettings,
  STAFF_KITCHEN_FIELDS,
  restaurantSettingsSchema,
} from '../../../shared/contract/restaurant.ts';
import { type BranchId, MAIN_BRANCH_ID } from '../../db/branch.ts';
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
 * The settings (docs/reference/operations.md "Restaurant settings"): one JSON row per branch
 * (docs/reference/branches.md: a branch's place, reservations, kitchen, fulfilment and billing
 * are its own), read often (every availability answer), so each branch's kept in memory and read
 * again after every change. The brand's own fields: its currency, language and Latin digits are
 * the same at every branch (changed at one, written to every row in the same transaction); its
 * name is its own row (`brand_settings`, migration 0043), apart from the branch's own name in the
 * branch's row. Without a branch only the brand's own fields are read (`brand`); a branch's are
 * read at it, and answered (`shown`) with the brand's name, as the contract's `name` is the brand's.
 */
export interface RestaurantOptions {
  /** After a change has committed: tell the other servers (awaited). */
  onChanged?: () => Promise<void>;
  /** The restaurant's clock (epoch ms; tests pin it). */
  now?: () => number;
}

/** The fields that belong to the brand, not to a branch: changed by brand admins only. */
export const BRAND_FIELDS = ['name', 'currency', 'language', 'latinDigits'] as const;

/** The brand's fields every branch's row holds a copy of (its name is its own row). */
const SHARED_FIELDS = ['currency', 'language', 'latinDigits'] as const;

/** The settings every branch shares: the brand's own fields. */
export type BrandSettings = Pick<RestaurantSettings, (typeof BRAND_FIELDS)[number]>;

export function createRestaurantService(
  db: Kysely<AppDatabase>,
  defaults: RestaurantSettings,
  { onChanged, now: clock = Date.now }: RestaurantOptions = {},
) {
  const repository = createRestaurantRepository();
  const kept = new Map<BranchId, RestaurantSettings>();
  let brandHeld: BrandSettings | undefined;
  /** Counts the changes this server heard of: pages made from the settings keep it (modules/pages). */
  let version = 0;

  /** What a stored body reads as: the defaults when there is none or it does not hold. */
  const parsed = (stored: unknown): RestaurantSettings => {
    const checked = stored === undefined ? undefined : restaurantSettingsSchema.safeParse(stored);
    return checked?.success ? checked.data : defaults;
  };

  /**
   * The reads under way, by branch: requests arriving together while a branch's settings are not
   * kept (a server just started, or just told of a change) wait for one read, not one each.
   */
  const reading = new Map<BranchId, Promise<RestaurantSettings>>();

  function read(branch: BranchId): Promise<RestaurantSettings> {
    const held = kept.get(branch);
    if (held) return Promise.resolve(held);
    const under = reading.get(branch);
    if (under) return under;
    const started = repository.read(db, branch).then(parsed);
    reading.set(branch, started);
    started.then(
      (settings) => {
        // Kept only if nothing changed meanwhile: a read begun before a change may hold the old settings.
        if (reading.get(branch) === started) {
          reading.delete(branch);
          kept.set(branch, settings);
        }
      },
      () => {
        if (reading.get(branch) === started) reading.delete(branch);
      },
    );
    return started;
  }

  /** The brand's own fields: its name from its row (none yet: its first branch's), the others from the first branch's. */
  async function brand(): Promise<BrandSettings> {
    if (brandHeld) return brandHeld;
    const asked = version;
    const [first, name] = await Promise.all([read(MAIN_BRANCH_ID), repository.brandName(db)]);
    const held = {
      name: name ?? first.name,
      currency: first.currency,
      language: first.language,
      latinDigits: first.latinDigits,
    };
    // Kept only if nothing changed meanwhile, as a branch's own (read).
    if (version === asked) brandHeld = held;
    return held;
  }

  /** A branch's settings as the API answers them: `name` is the brand's. */
  async function shown(branch: BranchId): Promise<RestaurantSettings> {
    const [settings, { name }] = await Promise.all([read(branch), brand()]);
    return settings.name === name ? settings : { ...settings, name };
  }

  /** Forget what is kept: the next read reads the database. */
  function forget(): void {
    version += 1;
    kept.clear();
    reading.clear();
    brandHeld = undefined;
  }

  /** PATCH: objects merge, arrays replace; admins change anything, staff only the kitchen's busy controls. */
  async function update(branch: BranchId, patch: RestaurantPatch, role: Role): Promise<RestaurantSettings> {
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
      const current = ((await repository.read(trx, branch)) as RestaurantSettings | undefined) ?? defaults;
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
      const at = new Date(clock()).toISOString();
      // The name sent is the brand's; with one branch the brand and its branch are one, so the branch's too.
      let row = checked.data;
      if (patch.name !== undefined) {
        await repository.writeBrandName(trx, patch.name, at);
        if ((await repository.branchCount(trx)) > 1) row = { ...row, name: current.name };
      }
      await repository.write(trx, branch, row, at);
      // The brand's fields changed here are every branch's.
      const shared = SHARED_FIELDS.filter((field) => field in patch);
      if (shared.length > 0) {
        const fields = Object.fromEntries(shared.map((field) => [field, checked.data[field]]));
        for (const other of await repository.others(trx, branch)) {
          const theirs = parsed(await repository.read(trx, other));
          await repository.write(trx, other, { ...theirs, ...fields }, at);
        }
      }
      return row;
    });
    forget();
    kept.set(branch, next);
    await onChanged?.();
    return shown(branch);
  }

  /** A branch's own name (PATCH /api/v1/branches/{id}), the brand's kept as it is. */
  async function rename(branch: BranchId, name: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const current = parsed(await repository.read(trx, branch));
      const at = new Date(clock()).toISOString();
      // The brand named as its first branch so far keeps its name when that branch takes another.
      if (branch === MAIN_BRANCH_ID && (await repository.brandName(trx)) === undefined)
        await repository.writeBrandName(trx, current.name, at);
      await repository.write(trx, branch, { ...current, name }, at);
    });
    forget();
    await onChanged?.();
  }

  /** One branch's settings. */
  const at = (branch: BranchId) => ({
    /** Its own settings: `name` is the branch's. */
    get: () => read(branch),
    held: (): RestaurantSettings | undefined => kept.get(branch),
    /** As the API answers them: `name` is the brand's. */
    shown: () => shown(branch),
    /** Changes them, answered as `shown`. */
    update: (patch: RestaurantPatch, role: Role) => update(branch, patch, role),
    rename: (name: string) => rename(branch, name),
  });

  return {
    at,

    /**
     * The brand's own fields (its name; currency, language, Latin digits: the same in every
     * branch's row). Typed to those fields only, so that nothing reads a branch's place, hours,
     * kitchen or billing without naming its branch (`at(branch)`).
     */
    brand,

    /** The brand's fields when this server holds them already (no read): what a hot path checks before awaiting `brand`. */
    heldBrand: (): BrandSettings | undefined => brandHeld,

    /** Another server changed some settings: read them again on next use. */
    invalidate: forget,

    version: () => version,

    /** A new branch's first settings, written in the transaction that makes it (the branches service). */
    async create(trx: Kysely<AppDatabase>, branch: BranchId, settings: RestaurantSettings): Promise<void> {
      await repository.write(trx, branch, settings, new Date(clock()).toISOString());
    },

    /** A branch removed (it had no history): its row goes, in the caller's transaction. */
    async remove(trx: Kysely<AppDatabase>, branch: BranchId): Promise<void> {
      await repository.remove(trx, branch);
      kept.delete(branch);
      reading.delete(branch);
    },
  };
}

export type RestaurantService = ReturnType<typeof createRestaurantService>;
