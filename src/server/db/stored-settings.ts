import { fromMinorUnits, toMinorUnits } from '../../shared/contract/common.ts';
import type { RestaurantSettings } from '../../shared/contract/restaurant.ts';
import { asMinor } from '../../shared/domain/money.ts';

/**
 * The settings' amounts (delivery fee, delivery minimum, deposit per cover) are kept in minor
 * units in the database (docs/reference/ordering.md "Money that agrees on every screen", migration 0017) and
 * are the contract's numbers (the currency's major units, at most two decimals) everywhere
 * else: these two are the only crossing, when the row is read and when it is written.
 */
type Amounts = {
  fulfilment: { deliveryFee: number; deliveryMinimum: number };
  reservations: { deposit?: { perCover: number } | undefined };
};

function convert<T extends Amounts>(settings: T, by: (amount: number) => number): T {
  const { fulfilment, reservations } = settings;
  return {
    ...settings,
    fulfilment: {
      ...fulfilment,
      deliveryFee: by(fulfilment.deliveryFee),
      deliveryMinimum: by(fulfilment.deliveryMinimum),
    },
    reservations: reservations.deposit
      ? { ...reservations, deposit: { ...reservations.deposit, perCover: by(reservations.deposit.perCover) } }
      : reservations,
  };
}

/** The JSON a settings row keeps: the amounts in minor units. */
export function storedSettingsBody(settings: RestaurantSettings): string {
  return JSON.stringify(convert(settings, toMinorUnits));
}

/** A settings row's JSON as the contract has it (unchecked: the caller parses it). */
export function settingsFromStored(body: string): unknown {
  const stored = JSON.parse(body) as Partial<Amounts> | null;
  if (!stored || typeof stored !== 'object' || !stored.fulfilment || !stored.reservations) return stored;
  const amounts = stored as Amounts;
  const ok = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  if (!ok(amounts.fulfilment.deliveryFee) || !ok(amounts.fulfilment.deliveryMinimum)) return stored;
  if (amounts.reservations.deposit && !ok(amounts.reservations.deposit.perCover)) return stored;
  return convert(amounts, (n) => fromMinorUnits(asMinor(n)));
}
