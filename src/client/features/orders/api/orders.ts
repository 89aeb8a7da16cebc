import type { z } from 'zod';
import type { Product } from '@shared/contract/catalog.ts';
import type { EmailBody } from '@shared/contract/common.ts';
import type { OrderEntryBody, OrderResponse, PayOrderBody, orderResponse } from '@shared/contract/orders.ts';
import { lineCents, normalizeChoice } from '@shared/domain/option-choice.ts';
import { toMajor } from '@shared/domain/money.ts';
import { ORDER_STATUS, PAYMENT_PAID, type PaymentMethod } from '@shared/constants.ts';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath } from '@client/lib/api-client.ts';
import { useRecordMutation } from '@client/data/record-mutation.ts';

/**
 * Booking orders (docs/reference/storefront.md §7): place one from a dish page, delete one, pay one. The server
 * prices the order from the catalogue; the client sends the spec's fields all the same.
 */

/**
 * The order entry of docs/reference/storefront.md §3: orderPrice is unit price × quantity, as text; with the chosen
 * option values (docs/reference/ordering.md "Dish options") for a dish that has groups, the unit price theirs
 * included (computed in minor units; the server prices it again all the same).
 */
export function orderEntry(
  product: Product,
  quantity: number,
  email: string,
  choice: readonly number[] = [],
): OrderEntryBody {
  const groups = product.options;
  return {
    orderId: product._id,
    orderName: product.name,
    orderImg: product.img,
    orderPrice: String(toMajor(lineCents(product.price, groups, choice, quantity))),
    orderQuantity: quantity,
    orderCategory: product.category,
    userGmail: email,
    status: ORDER_STATUS.conform,
    ...(groups.length > 0 ? { options: normalizeChoice(groups, choice) } : {}),
  };
}

/** PATCH /api/v1/users/?email= : a new booking order. */
export function placeOrder({ email, entry }: { email: string; entry: OrderEntryBody }): Promise<OrderResponse> {
  return authorizedRequest<z.infer<typeof orderResponse>>(apiPath('/api/v1/users/', { email }), {
    method: 'PATCH',
    body: entry,
  });
}

/** PUT /api/v1/users/{orderMainId} with { email }: deletes one of the guest's orders. */
export function deleteOrder({ email, orderMainId }: { email: string; orderMainId: string }): Promise<OrderResponse> {
  const body: EmailBody = { email };
  return authorizedRequest<z.infer<typeof orderResponse>>(`/api/v1/users/${encodeURIComponent(orderMainId)}`, {
    method: 'PUT',
    body,
  });
}

/**
 * PATCH /api/v1/users/{orderMainId}: pays an order. AccountNumber travels as text so that
 * leading zeros survive (a number input's value is text already).
 */
export function payOrder({
  email,
  orderMainId,
  method,
  accountNumber,
}: {
  email: string;
  orderMainId: string;
  method: PaymentMethod;
  accountNumber: string;
}): Promise<OrderResponse> {
  const body: PayOrderBody = { pay: { Method: method, AccountNumber: accountNumber }, payment: PAYMENT_PAID, email };
  return authorizedRequest<z.infer<typeof orderResponse>>(`/api/v1/users/${encodeURIComponent(orderMainId)}`, {
    method: 'PATCH',
    body,
  });
}

export const usePlaceOrder = () => useRecordMutation(placeOrder);
export const useDeleteOrder = () => useRecordMutation(deleteOrder);
export const usePayOrder = () => useRecordMutation(payOrder);
