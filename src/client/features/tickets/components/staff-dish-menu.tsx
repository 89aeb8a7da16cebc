import type { Product } from '@shared/contract/catalog.ts';
import { useMemo, useState } from 'react';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useMoney } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useCategories } from '@client/features/catalog/api/get-categories.ts';
import { useProducts } from '@client/features/catalog/api/get-products.ts';

/**
 * "New order"'s menu (docs/reference/operations.md "Staff orders"): the dishes by category or by a word of
 * their name, each added to the order with a tap (a sold-out dish cannot be). Its search field
 * is `{formId}-search`, which the form focuses when an order has no dish.
 */
export function StaffDishMenu({
  formId,
  busy,
  onAdd,
}: {
  formId: string;
  busy: boolean;
  onAdd: (dish: Product) => void;
}) {
  const money = useMoney();
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const products = useProducts();
  const categories = useCategories();
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (products.data ?? []).filter(
      (dish) =>
        (category === '' || dish.category === category) && (words === '' || dish.name.toLowerCase().includes(words)),
    );
  }, [products.data, category, search]);

  return (
    <fieldset className="fieldset @container rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="fieldset-legend text-lg">{t('staffOrder.dishes', 'Dishes')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="text-base">{t('staffOrder.category', 'Category')}</span>
          <select
            className="select select-bordered w-full"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          >
            <option value="">{t('staffOrder.allCategories', 'All categories')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c._id} value={c.category}>
                {c.category}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-base">{t('staffOrder.searchDishes', 'Search dishes')}</span>
          <input
            id={`${formId}-search`}
            type="search"
            className="input input-bordered w-full"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </div>
      {products.isError ? (
        <QueryError
          what={t('staffOrder.theMenu', 'the menu')}
          error={products.error}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : products.isPending ? (
        <p role="status">{t('staffOrder.loadingMenu', 'Loading the menu…')}</p>
      ) : shown.length === 0 ? (
        <p>{t('staffOrder.noDishMatches', 'No dish matches.')}</p>
      ) : (
        // Two columns only where the menu's own box is wide enough for a name and its price side by
        // side (a container query): on a tablet the form beside it leaves one (issue 58, point 10).
        <ul
          aria-label={t('staffOrder.dishesToAdd', 'Dishes to add')}
          className="mt-1 grid max-h-96 gap-1 overflow-y-auto @md:grid-cols-2"
        >
          {shown.map((dish) => (
            <li key={dish._id}>
              <button
                type="button"
                className="btn btn-outline h-auto min-h-11 w-full justify-between py-2 text-left font-normal"
                disabled={!dish.available || busy}
                onClick={() => onAdd(dish)}
              >
                <span className="min-w-0">
                  <span className="sr-only">{t('staffOrder.add', 'Add')} </span>
                  {dish.name}
                </span>
                <span className="shrink-0 whitespace-nowrap tabular-nums">
                  {dish.available ? money(dish.price) : t('kitchen.soldOut', 'Sold out')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
