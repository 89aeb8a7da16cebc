import type { FavoriteListed, OrderListed, ReportListed } from '../../../shared/users-contract.ts';
import type { FavoriteRow, OrderRow, ReportRow } from '../../db/schema.ts';

/** Rows of orders, favourites and reports in the shapes SPEC.md §3 lists them. */

export function toOrderListed(row: OrderRow): OrderListed {
  const id = String(row.id);
  return {
    _id: id,
    orderMainId: id,
    orderId: String(row.product_id),
    orderName: row.name,
    orderImg: row.img,
    orderCategory: row.category,
    orderPrice: Number(row.total_price),
    orderQuantity: Number(row.quantity),
    status: row.status,
    payment: row.payment,
  };
}

export function toFavoriteListed(row: FavoriteRow): FavoriteListed {
  const id = String(row.id);
  return {
    _id: id,
    orderMainId: id,
    orderId: String(row.product_id),
    orderName: row.name,
    orderImg: row.img,
    orderCategory: row.category,
    orderPrice: Number(row.unit_price),
    orderQuantity: Number(row.quantity),
    status: row.status,
  };
}

export function toReportListed(row: ReportRow, userGmail: string): ReportListed {
  const id = String(row.id);
  return {
    _id: id,
    orderMainId: id,
    orderId: String(row.product_id),
    orderImg: row.img,
    orderName: row.name,
    orderCategory: row.category,
    userGmail,
    reportText: row.report_text,
  };
}
