import { ALL_CATEGORY } from '@shared/constants.ts';
import type { CreateProductBody, Product } from '@shared/contract/catalog.ts';
import { useDeferredValue, useRef, useState } from 'react';
import { DataTable } from '@client/components/ui/data-table.tsx';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { useMoney, useNumbers, useRestaurantTime, useRestaurantTimeZone } from '@client/data/restaurant.ts';
import { confirmAction, showAlert, showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useCategories } from '../api/get-categories.ts';
import { useProducts } from '../api/get-products.ts';
import { useCreateProduct, useRemoveProduct, useUpdateProduct } from '../api/manage-menu.ts';
import { DishEditor } from './dish-editor.tsx';
import { soldOutText } from './sold-out-until.tsx';
import { CategoryManager } from './category-manager.tsx';
import { t } from '@shared/i18n/i18n.ts';
import { OptionSwitches, tomorrowMorning } from './option-switches.tsx';

/**
 * The Menu page (docs/reference/operations.md "Menu management"): a searchable table of dishes with an
 * availability switch each; administrators also add, edit and remove dishes and manage the
 * categories. Staff see the same page with the switches only (the server enforces it).
 */
export function MenuManager({ canEdit }: { canEdit: boolean }) {
  const products = useProducts(ALL_CATEGORY);
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim().toLowerCase());
  const { number } = useNumbers();
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const categoryNames = (categories.data ?? []).map((c) => c.category);
  const shown = (products.data ?? []).filter(
    (p) => !deferred || p.name.toLowerCase().includes(deferred) || p.category.toLowerCase().includes(deferred),
  );

  // A new dish added whose branches' save was refused: saving again edits it (no second dish).
  const added = useRef<string | null>(null);
  async function save(body: CreateProductBody, saveBranches: (productId: string) => Promise<void>) {
    const id = editing?.product?._id ?? added.current;
    const answer = id ? await update.mutateAsync({ id, body }) : await create.mutateAsync(body);
    if (!editing?.product) added.current = answer.data._id;
    await saveBranches(answer.data._id);
    added.current = null;
    setEditing(null);
    void showDone(answer.message);
  }
  const edit = (product: Product | null) => {
    added.current = null;
    setEditing({ product });
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="menu-dishes" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="menu-dishes" className="text-xl font-bold">
            {t('menuAdmin.dishes', 'Dishes')}{' '}
            {products.data && (
              <span className="text-base font-normal text-base-content/70">({number(products.data.length)})</span>
            )}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <label className="input input-sm w-64 max-w-full">
              <span className="sr-only">{t('menuAdmin.searchDishes', 'Search dishes')}</span>
              <input
                type="search"
                placeholder={t('menuAdmin.searchDishes', 'Search dishes')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </label>
            {canEdit && (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => edit(null)}
                disabled={categoryNames.length === 0}
              >
                {t('menuAdmin.addDish', 'Add dish')}
              </button>
            )}
          </div>
        </div>
        <ListStates
          pending={products.isPending}
          error={products.error}
          failed={products.isError}
          what={t('menuAdmin.theMenu', 'the menu')}
          emptyText={t('menuAdmin.noDishes', 'The menu has no dishes yet.')}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
          items={products.data}
        >
          {() =>
            shown.length === 0 ? (
              <p role="status" className="py-8 text-center">
                {t('menuAdmin.noMatch', 'No dish matches “{{search}}”.', { search: search.trim() })}
              </p>
            ) : (
              <DishTable products={shown} canEdit={canEdit} onEdit={edit} />
            )
          }
        </ListStates>
      </section>
      {canEdit && <CategoryManager categories={categories.data ?? []} />}
      {canEdit && editing && (
        <DishEditor
          open
          product={editing.product}
          categories={categoryNames}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </div>
  );
}

function DishTable({
  products,
  canEdit,
  onEdit,
}: {
  products: Product[];
  canEdit: boolean;
  onEdit: (product: Product) => void;
}) {
  const money = useMoney();
  const update = useUpdateProduct();
  const remove = useRemoveProduct();
  const timeZone = useRestaurantTimeZone();
  const time = useRestaurantTime();
  const { number, digits: digitsOf } = useNumbers();
  const busyId = update.isPending ? update.variables.id : remove.isPending ? remove.variables : null;

  async function setAvailable(product: Product, available: boolean, soldOutUntil: string | null = null) {
    try {
      await update.mutateAsync({ id: product._id, body: available ? { available } : { available, soldOutUntil } });
    } catch (error) {
      void showAlert(
        errorMessage(error, t('menuAdmin.switching', 'switching {{name}}', { name: product.name })),
        'error',
      );
    }
  }

  async function onRemove(product: Product) {
    if (
      !(await confirmAction(
        t('menuAdmin.removeQuestion', 'Remove {{name}}?', { name: product.name }),
        t(
          'menuAdmin.removeText',
          'It leaves the menu, search and the popular list. Orders, favourites and reports that name it keep it.',
        ),
        t('menuAdmin.yesRemove', 'Yes, remove'),
      ))
    )
      return;
    try {
      const answer = await remove.mutateAsync(product._id);
      void showDone(answer.message);
    } catch (error) {
      void showAlert(errorMessage(error, t('menuAdmin.theRemoval', 'the removal')), 'error');
    }
  }

  return (
    <DataTable
      caption={t('menuAdmin.dishesCaption', 'Dishes: {{n}}', { n: number(products.length) })}
      label={t('menuAdmin.dishes', 'Dishes')}
      headClassName="text-base-content/80"
      head={
        <>
          <th scope="col">{t('menuAdmin.dish', 'Dish')}</th>
          <th scope="col" className="hidden sm:table-cell">
            {t('menuAdmin.price', 'Price')}
          </th>
          <th scope="col">{t('menuAdmin.available', 'Available')}</th>
          {canEdit && (
            <th scope="col" className="hidden sm:table-cell">
              {t('menuAdmin.actions', 'Actions')}
            </th>
          )}
        </>
      }
    >
      {products.map((product) => {
        const busy = busyId === product._id;
        const actions = canEdit && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline btn-xs sm:btn-sm" onClick={() => onEdit(product)}>
              {t('menuAdmin.edit', 'Edit')}
              <span className="sr-only"> {product.name}</span>
            </button>
            <button
              type="button"
              className="btn btn-error btn-outline btn-xs sm:btn-sm"
              disabled={busy}
              onClick={() => void onRemove(product)}
            >
              {t('menuAdmin.remove', 'Remove')}
              <span className="sr-only"> {product.name}</span>
            </button>
          </div>
        );
        return (
          <tr key={product._id}>
            <th scope="row" className="font-normal">
              <div className="flex items-center gap-3">
                <img
                  src={product.img}
                  srcSet={product.imgSrcset || undefined}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="hidden aspect-[4/3] w-16 shrink-0 rounded object-cover sm:block"
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="font-semibold">{product.name}</div>
                  <div className="text-xs text-base-content/70">
                    {product.category}
                    <span className="sm:hidden"> · {money(product.price)}</span>
                  </div>
                  <div className="sm:hidden">{actions}</div>
                  <OptionSwitches product={product} />
                </div>
              </div>
            </th>
            <td className="hidden tabular-nums sm:table-cell">{money(product.price)}</td>
            <td>
              <div className="flex flex-col items-start gap-1">
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    role="switch"
                    className="toggle toggle-success"
                    checked={product.available}
                    disabled={busy}
                    aria-busy={busy}
                    onChange={(e) => void setAvailable(product, e.target.checked)}
                  />
                  <span className="text-sm sm:whitespace-nowrap">
                    <span className="sr-only">{product.name}: </span>
                    {product.available ? t('menuAdmin.onTheMenu', 'On the menu') : soldOutText(product, time)}
                  </span>
                </label>
                {product.available && (
                  <button
                    type="button"
                    className="btn btn-outline btn-xs h-auto min-h-6 py-1 text-left"
                    disabled={busy}
                    onClick={() => void setAvailable(product, false, tomorrowMorning(timeZone))}
                  >
                    {/* An action, not a status (issue 48, point 9). */}
                    {t('menuAdmin.soldOutTomorrow', 'Mark sold out until tomorrow {{time}}', {
                      time: digitsOf('10:00'),
                    })}
                    <span className="sr-only">: {product.name}</span>
                  </button>
                )}
              </div>
            </td>
            {canEdit && <td className="hidden sm:table-cell">{actions}</td>}
          </tr>
        );
      })}
    </DataTable>
  );
}
