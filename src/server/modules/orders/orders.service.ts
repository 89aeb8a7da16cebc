import type { PaymentMethod } from '../../../shared/constants.ts';
import type { FavoriteListed, OrderListed, ReportListed } from '../../../shared/users-contract.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import { toFavoriteListed, toOrderListed, toReportListed } from '../records/records.mappers.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * The rules of ordering, favourites, reports and payments. Callers have already checked
 * who is acting (routes); here every change is scoped to one user id, and a record of
 * another user answers 404 exactly like one that does not exist.
 */

/** The server's messages: the client shows them as the title of its success dialog. */
export const ORDER_MESSAGES = {
  orderPlaced: 'Your order has been placed',
  favoriteConfirmed: 'Your favourite has been confirmed as an order',
  favoriteAdded: 'Added to your favourites',
  favoriteExists: 'This dish is already in your favourites',
  favoriteRemoved: 'Removed from your favourites',
  reportAdded: 'Thank you, your report has been submitted',
  reportRemoved: 'Your report has been deleted',
  orderRemoved: 'Your order has been deleted',
  orderPaid: 'Your payment has been received',
  adminOrderRemoved: 'The order has been deleted',
  adminFavoriteRemoved: 'The favourite has been deleted',
  adminReportRemoved: 'The report has been deleted',
} as const;

export interface PaymentDetails {
  Method: PaymentMethod;
  AccountNumber: string;
}

/**
 * Only the last four digits are kept: enough for the guest and the restaurant to recognise
 * which account paid, while a full bank or mobile-wallet number is not ours to hold (a leak
 * of the database would otherwise leak every guest's account number).
 */
export function accountLastDigits(accountNumber: string): string {
  return accountNumber.slice(-4);
}

export function createOrdersService(orders: OrdersRepository) {
  async function dishOrThrow(dishId: number) {
    const dish = await orders.findDish(dishId);
    if (!dish) throw notFound('No dish with this id');
    return dish;
  }

  return {
    /** A booking order at the catalogue's price: unit price × quantity, status Conform. */
    async placeOrder(userId: number, dishId: number, quantity: number): Promise<OrderListed> {
      const dish = await dishOrThrow(dishId);
      return toOrderListed(await orders.createOrder(userId, dish, quantity));
    },

    async confirmFavorite(userId: number, favoriteId: number, quantity: number, dishId?: number): Promise<{ order: OrderListed; favorite: FavoriteListed }> {
      const result = await orders.confirmFavorite(userId, favoriteId, quantity, dishId);
      switch (result.kind) {
        case 'confirmed':
          return { order: toOrderListed(result.order), favorite: toFavoriteListed(result.favorite) };
        case 'not-found':
          throw notFound('No such favourite in your list');
        case 'dish-mismatch':
          throw badRequest('orderId is not the dish of this favourite');
        case 'already-confirmed':
          throw conflict('This favourite has already been confirmed');
      }
    },

    async addFavorite(userId: number, dishId: number, quantity: number): Promise<{ favorite: FavoriteListed; created: boolean }> {
      const dish = await dishOrThrow(dishId);
      const { favorite, created } = await orders.addFavorite(userId, dish, quantity);
      return { favorite: toFavoriteListed(favorite), created };
    },

    async removeFavoriteOfDish(userId: number, dishId: number): Promise<FavoriteListed> {
      const removed = await orders.deleteFavoriteByDish(userId, dishId);
      if (!removed) throw notFound('This dish is not in your favourites');
      return toFavoriteListed(removed);
    },

    async removeFavorite(userId: number, favoriteId: number): Promise<FavoriteListed> {
      const removed = await orders.deleteFavorite(userId, favoriteId);
      if (!removed) throw notFound('No such favourite for this user');
      return toFavoriteListed(removed);
    },

    async addReport(userId: number, userEmail: string, dishId: number, reportText: string): Promise<ReportListed> {
      const dish = await dishOrThrow(dishId);
      const report = await orders.addReport(userId, dish, reportText);
      if (!report) throw conflict('You have already reported this dish');
      return toReportListed(report, userEmail);
    },

    async removeReport(userId: number, userEmail: string, reportId: number): Promise<ReportListed> {
      const removed = await orders.deleteReport(userId, reportId);
      if (!removed) throw notFound('No such report');
      return toReportListed(removed, userEmail);
    },

    async removeOrder(userId: number, orderId: number): Promise<OrderListed> {
      const removed = await orders.deleteOrder(userId, orderId);
      if (!removed) throw notFound('No such order');
      return toOrderListed(removed);
    },

    async payOrder(userId: number, orderId: number, pay: PaymentDetails): Promise<OrderListed> {
      const paid = await orders.markPaid(userId, orderId, pay.Method, accountLastDigits(pay.AccountNumber));
      if (paid) return toOrderListed(paid);
      if (!(await orders.findOrder(userId, orderId))) throw notFound('No such order');
      throw conflict('This order has already been paid');
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
