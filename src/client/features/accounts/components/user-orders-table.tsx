import { FAVORITE_STATUS } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import type { FavoriteListed } from '@shared/contract/favorites.ts';
import type { OrderListed } from '@shared/contract/orders.ts';
import { DataTable } from '@client/components/ui/data-table.tsx';
import { useDeleteUserRecord } from '../api/delete-user-record.ts';
import { confirmAdminDelete } from '../confirm-delete.ts';
import { DeleteButton } from '@client/components/ui/delete-button.tsx';
import { DishColumns, DishHeaders, narrowOnly, wideOnly } from './admin-table.tsx';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { t } from '@shared/i18n/i18n.ts';

type Props =
  | { list: 'orders'; email: string; rows: OrderListed[]; canDelete: boolean }
  | { list: 'favorites'; email: string; rows: FavoriteListed[]; canDelete: boolean };

/**
 * A user's orders, or favourites in the same layout (docs/reference/storefront.md §2 "Per-user lists"): photo,
 * name, category, price, quantity, then the payment state (PAID or Unpaid: paying belongs to
 * the guest, so no PAY here) or the favourite's status, and Delete for administrators.
 * On a phone, category and quantity fold under the name, and Delete under the state.
 */
export function UserOrdersTable(props: Props) {
  const money = useMoney();
  const { number } = useNumbers();
  const { list, email, canDelete } = props;
  const deleteRecord = useDeleteUserRecord();
  const deletingId = deleteRecord.isPending ? deleteRecord.variables.orderMainId : null;
  const rows: (OrderListed | FavoriteListed)[] = props.rows;

  const onDelete = (row: OrderListed | FavoriteListed) =>
    confirmAdminDelete({
      title:
        list === 'orders'
          ? t('accounts.deleteOrderQuestion', 'Delete this order?')
          : t('accounts.deleteFavouriteQuestion', 'Delete this favourite?'),
      text:
        list === 'orders'
          ? t(
              'accounts.deleteOrderText',
              '{{dish}} (quantity {{quantity}}) will be removed from the orders of {{email}}.',
              { dish: row.orderName, quantity: number(row.orderQuantity), email },
            )
          : t(
              'accounts.deleteFavouriteText',
              '{{dish}} (quantity {{quantity}}) will be removed from the favourites of {{email}}.',
              { dish: row.orderName, quantity: number(row.orderQuantity), email },
            ),
      run: () => deleteRecord.mutateAsync({ list, email, orderMainId: row.orderMainId }),
    });

  return (
    <DataTable
      caption={
        list === 'orders'
          ? t('head.ordersOf', 'Orders of {{email}}', { email })
          : t('head.favoritesOf', 'Favorites of {{email}}', { email })
      }
      headClassName="text-base-content/80"
      head={
        <>
          <DishHeaders />
          <th scope="col" className="text-right">
            {TEXT.columnPrice}
          </th>
          <th scope="col" className={`text-right ${wideOnly}`}>
            {t('accounts.quantity', 'Quantity')}
          </th>
          <th scope="col">{list === 'orders' ? t('accounts.payment', 'Payment') : t('accounts.status', 'Status')}</th>
          {canDelete && (
            <th scope="col" className={wideOnly}>
              {TEXT.columnAction}
            </th>
          )}
        </>
      }
    >
      {rows.map((row) => {
        const action = (
          <DeleteButton
            busy={deletingId === row.orderMainId}
            srLabel={
              list === 'orders'
                ? t('accounts.theOrderOf', 'the order of {{dish}}', { dish: row.orderName })
                : t('accounts.theFavouriteOf', 'the favourite of {{dish}}', { dish: row.orderName })
            }
            onClick={() => void onDelete(row)}
          />
        );
        return (
          <tr key={row.orderMainId} className="hover:bg-base-200/60">
            <DishColumns
              row={row}
              nameClassName="min-w-28 sm:min-w-32"
              folded={`${row.orderCategory} · ${t('accounts.quantityN', 'Quantity {{n}}', { n: number(row.orderQuantity) })}`}
            />
            <td className="text-right tabular-nums">{money(row.orderPrice)}</td>
            <td className={`text-right tabular-nums ${wideOnly}`}>{number(row.orderQuantity)}</td>
            <td>
              <div className="flex flex-col items-start gap-1.5">
                {'payment' in row ? (
                  <PaymentState paid={Boolean(row.payment)} />
                ) : (
                  <FavoriteState status={row.status} />
                )}
                {canDelete && <div className={narrowOnly}>{action}</div>}
              </div>
            </td>
            {canDelete && <td className={wideOnly}>{action}</td>}
          </tr>
        );
      })}
    </DataTable>
  );
}

function PaymentState({ paid }: { paid: boolean }) {
  return paid ? (
    <span className="badge badge-success font-semibold">{TEXT.paid}</span>
  ) : (
    <span className="badge badge-ghost">{TEXT.unpaid}</span>
  );
}

function FavoriteState({ status }: { status: string }) {
  return status === FAVORITE_STATUS.conform ? (
    <span className="badge badge-success whitespace-nowrap">{TEXT.conformOrder}</span>
  ) : (
    <span className="badge badge-ghost whitespace-nowrap">{TEXT.pendingOrder}</span>
  );
}
