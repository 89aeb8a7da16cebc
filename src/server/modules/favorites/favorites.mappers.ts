import type { DishStatus } from '../../../shared/constants.ts';
import type { FavoriteListed } from '../../../shared/contract/favorites.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import { listedDishCopy } from '../../db/dish-copy.ts';
import type { FavoriteRow } from '../../db/schema.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { asMinor } from '../../../shared/domain/money.ts';

export function toFavoriteListed(row: FavoriteRow, dishStatus: DishStatus, language: Language = 'en'): FavoriteListed {
  return listedDishCopy(
    row,
    {
      orderPrice: fromMinorUnits(asMinor(row.unit_price)),
      orderQuantity: Number(row.quantity),
      status: row.status as FavoriteListed['status'],
      dishStatus,
    },
    language,
  );
}
