import { FAVORITE_STATUS } from '@shared/constants.ts';
import { TEXT } from '@shared/texts.ts';
import type { FavoriteListed, OrderListed } from '@shared/users-contract.ts';
import { formatPrice } from '@client/lib/format.ts';
import { useDeleteUserRecord } from '../api/delete-user-record.ts';
import { confirmThenDelete } from '../confirm-delete.ts';
import { PhotoHeader, TableScroller, narrowOnly, wideOnly } from './list-states.tsx';
import { RecordPhoto } from './record-photo.tsx';

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
  const { list, email, canDelete } = props;
  const deleteRecord = useDeleteUserRecord();
  const deletingId = deleteRecord.isPending ? deleteRecord.variables.orderMainId : null;
  const noun = list === 'orders' ? 'order' : 'favourite';
  const rows: (OrderListed | FavoriteListed)[] = props.rows;

  const onDelete = (row: OrderListed | FavoriteListed) =>
    confirmThenDelete({
      title: `Delete this ${noun}?`,
      text: `${row.orderName} (quantity ${row.orderQuantity}) will be removed from the ${noun}s of ${email}.`,
      run: () => deleteRecord.mutateAsync({ list, email, orderMainId: row.orderMainId }),
    });

  const caption = list === 'orders' ? `Orders of ${email}` : `Favorites of ${email}`;
  return (
    <TableScroller label={caption}>
      <table className="table table-sm sm:table-md">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-base-content/80">
          <tr>
            <PhotoHeader />
            <th scope="col">Name</th>
            <th scope="col" className={wideOnly}>
              Category
            </th>
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
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const deleting = deletingId === row.orderMainId;
            const action = (
              <button type="button" className="btn btn-xs btn-error sm:btn-sm" disabled={deleting} onClick={() => void onDelete(row)}>
                {deleting ? 'Deleting…' : TEXT.deleteButton}
                <span className="sr-only">
                  {' '}
                  the {noun} of {row.orderName}
                </span>
              </button>
            );
            return (
              <tr key={row.orderMainId} className="hover:bg-base-200/60">
                <td className="w-14 pr-0 sm:w-auto sm:pr-3">
                  <RecordPhoto src={row.orderImg} name={row.orderName} />
                </td>
                <td className="min-w-28 sm:min-w-32">
                  <p className="font-semibold">{row.orderName}</p>
                  <p className={`text-xs text-base-content/80 ${narrowOnly}`}>
                    {row.orderCategory} · Quantity {row.orderQuantity}
                  </p>
                </td>
                <td className={`min-w-28 ${wideOnly}`}>{row.orderCategory}</td>
                <td className="text-right tabular-nums">{formatPrice(row.orderPrice)}</td>
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
        </tbody>
      </table>
    </TableScroller>
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
