import type { Product } from '@shared/contract/catalog.ts';
import { useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

/** "Sold out", and until when when that is known ("Sold out until 18:00", "… until 10:00 tomorrow"), `time` writing the moment. */
export function soldOutText(
  product: Pick<Product, 'available' | 'soldOutUntil'>,
  time: (instant: string) => string,
): string {
  return product.soldOutUntil
    ? t('menu.soldOutUntil', 'Sold out until {{time}}', { time: time(product.soldOutUntil) })
    : t('favorites.soldOut', 'Sold out');
}

/**
 * A sold-out badge's words on the restaurant's clock, once its time zone is known (never in
 * another zone meanwhile). Loaded on its own when a dish has such a time, so that the menu's
 * pages do not carry the clock and the settings in their first JavaScript.
 */
export default function SoldOutUntil({ product }: { product: Pick<Product, 'available' | 'soldOutUntil'> }) {
  const settings = useRestaurant().data;
  const time = useRestaurantTime();
  return settings ? soldOutText(product, time) : t('favorites.soldOut', 'Sold out');
}
