import type { OrderListed } from '../../../shared/contract/orders.ts';
import { listedDishCopy } from '../../db/dish-copy.ts';
import type { OrderRow } from '../../db/schema.ts';

export function toOrderListed(row: OrderRow): OrderListed {
  return {
    ...listedDishCopy(row),
    orderPrice: Number(row.total_price),
    orderQuantity: Number(row.quantity),
    status: row.status as OrderListed['status'],
    payment: row.payment as OrderListed['payment'],
  };
}
