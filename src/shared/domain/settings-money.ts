import type { DepositSettings, RestaurantSettings } from '../contract/restaurant.ts';
import { type Minor, toMinor } from './money.ts';

/**
 * The settings' money in minor units, read in one place (decision 065): the delivery fee, the
 * delivery minimum and the deposit per cover are held in memory as the contract has them (major
 * units; stored-settings.ts converts when the row is read and written), and the server counts
 * them as `Minor` through this, never with a conversion of its own where it uses them.
 */
export interface SettingsMoney {
  deliveryFee: Minor;
  deliveryMinimum: Minor;
  /** Undefined while deposits are off. */
  depositPerCover: Minor | undefined;
}

/** What of the settings it reads (the settings themselves, or a part of them in a test). */
export interface SettingsWithMoney {
  fulfilment: Pick<RestaurantSettings['fulfilment'], 'deliveryFee' | 'deliveryMinimum'>;
  reservations: { deposit?: Pick<DepositSettings, 'perCover'> | undefined };
}

export function settingsMoney(settings: SettingsWithMoney): SettingsMoney {
  const deposit = settings.reservations.deposit;
  return {
    deliveryFee: toMinor(settings.fulfilment.deliveryFee),
    deliveryMinimum: toMinor(settings.fulfilment.deliveryMinimum),
    depositPerCover: deposit ? toMinor(deposit.perCover) : undefined,
  };
}
