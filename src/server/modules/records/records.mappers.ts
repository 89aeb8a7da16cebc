import type { FavoriteListed, OrderListed, ReportListed } from '../../../shared/users-contract.ts';
import type { FavoriteRow, OrderRow, ReportRow } from '../../db/schema.ts';

/** Rows of orders, favourites and reports in the shapes SPEC.md §3 lists them. */

/** What the three lists share: the row's id (as _id and orderMainId) and the dish it copied. */
function listedDish(row: OrderRow | FavoriteRow | ReportRow) {
  const id = String(row.id);
  return { _id: id, orderMainId: id, orderId: String(row.product_id), orderName: row.name, orderImg: row.img, orderCategory: row.category };
}

export function toOrderListed(row: OrderRow): OrderListed {
  return { ...listedDish(row), orderPrice: Number(row.total_price), orderQuantity: Number(row.quantity), status: row.status, payment: row.payment };
}

export function toFavoriteListed(row: FavoriteRow): FavoriteListed {
  return { ...listedDish(row), orderPrice: Number(row.unit_price), orderQuantity: Number(row.quantity), status: row.status };
}

export function toReportListed(row: ReportRow, userGmail: string): ReportListed {
  return { ...listedDish(row), userGmail, reportText: row.report_text };
}
