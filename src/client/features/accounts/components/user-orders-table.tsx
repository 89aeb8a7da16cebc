import { FAVORITE_STATUS } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import type { FavoriteListed } from '@shared/contract/favorites.ts';
import type { OrderListed } from '@shared/contract/orders.ts';
import { DataTable } from '@client/components/ui/data-table.tsx';
import { useDeleteUserRecord } from '../api/delete-user-record.ts';
import { confirmAdminDelete } from '../confirm-delete.ts';
import { DeleteButton } from '@client/components/ui/delete-button.tsx';
import { DishColumns, DishHeaders, narrowOnly, wideOnly } from './admin-table.tsx';
import { useMoney } from '@client/data/restaurant.ts';

type Props =
  | { list: 'orders'; email: string; rows: OrderListed[]; canDelete: boolean }
  | { list: 'favorites'; email: string; rows: FavoriteListed[]; canDelete: boolean };

/**
 * A user's orders, or favourites in the same layout (SPEC.md §2 "Per-user lists"): photo,
 * name, category, price, quantity, then the payment state (PAID or Unpaid: paying belongs to
 * the guest, so no PAY here) or the favourite's status, and Delete for administrators.
 * On a phone, category and quantity fold under the name, and Delete under the state.
 */
export function UserOrdersTable(props: Props) {
  const money = useMoney();
  const { list, email, canDelete } = props;
  const deleteRecord = useDeleteUserRecord();
  const deletingId = deleteRecord.isPending ? deleteRecord.variables.orderMainId : null;
  const noun = list === 'orders' ? 'order' : 'favourite';
  const rows: (OrderListed | FavoriteListed)[] = props.rows;

  const onDelete = (row: OrderListed | FavoriteListed) =>
    confirmAdminDelete({
      title: `Delete this ${noun}?`,
      text: `${row.orderName} (quantity ${row.orderQuantity}) will be removed from the ${noun}s of ${email}.`,
      run: () => deleteRecord.mutateAsync({ list, email, orderMainId: row.orderMainId }),
    });

  return (
    <DataTable
      caption={list === 'orders' ? `Orders of ${email}` : `Favorites of ${email}`}
      headClassName="text-base-content/80"
      head={
        <>
          <DishHeaders />
          <th scope="col" className="text-right">
            Price
          </th>
          <th scope="col" className={`text-right ${wideOnly}`}>
            Quantity
          </th>
          <th scope="col">{list === 'orders' ? 'Payment' : 'Status'}</th>
          {canDelete && (
            <th scope="col" className={wideOnly}>
              Action
            </th>
          )}
        </>
      }
    >
      {rows.map((row) => {
        const action = <DeleteButton busy={deletingId === row.orderMainId} srLabel={`the ${noun} of ${row.orderName}`} onClick={() => void onDelete(row)} />;
        return (
          <tr key={row.orderMainId} className="hover:bg-base-200/60">
            <DishColumns row={row} nameClassName="min-w-28 sm:min-w-32" folded={`${row.orderCategory} · Quantity ${row.orderQuantity}`} />
            <td className="text-right tabular-nums">{money(row.orderPrice)}</td>
            <td className={`text-right tabular-nums ${wideOnly}`}>{row.orderQuantity}</td>
            <td>
              <div className="flex flex-col items-start gap-1.5">
                {'payment' in row ? <PaymentState paid={Boolean(row.payment)} /> : <FavoriteState status={row.status} />}
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
  return paid ? <span className="badge badge-success font-semibold">{TEXT.paid}</span> : <span className="badge badge-ghost">{TEXT.unpaid}</span>;
}

function FavoriteState({ status }: { status: string }) {
  return status === FAVORITE_STATUS.conform ? (
    <span className="badge badge-success whitespace-nowrap">{TEXT.conformOrder}</span>
  ) : (
    <span className="badge badge-ghost whitespace-nowrap">{TEXT.pendingOrder}</span>
  );
}
