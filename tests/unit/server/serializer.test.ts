import { describe, expect, it } from 'vitest';
import { compileSerializer } from '../../../src/server/plugins/serializer.ts';
import { productResponse } from '../../../src/shared/contract/catalog.ts';
import { userRecordResponse } from '../../../src/shared/contract/users.ts';
import { dish as makeDish } from '../../support/dish.ts';

/** Answers are written from their response schemas: what the contract does not name never leaves the server. */
describe('compileSerializer', () => {
  const dish = makeDish({ items: ['leek'], description: 'Leek and potato.', allergens: ['celery'], diet: ['vegan'] });

  it('writes exactly the fields of the contract, dropping any other', () => {
    const text = compileSerializer(productResponse)({
      data: { ...dish, created_at: '2026-01-01', cost_price: 2 },
      debug: true,
    });
    expect(JSON.parse(text)).toEqual({ data: dish });
  });

  it('drops fields a row carries at every depth (a user record with its lists)', () => {
    const order = {
      _id: '3',
      orderMainId: '3',
      orderId: '1',
      orderName: 'Soup',
      orderImg: '/x.webp',
      orderCategory: 'Soups',
      orderPrice: 12,
      orderQuantity: 2,
      status: 'Conform',
      payment: null,
    };
    const record = {
      _id: '2',
      name: 'Ann',
      email: 'ann@example.com',
      userImg: null,
      role: 'user',
      orders: [{ ...order, pay_account: '1234' }],
      favorites: [],
      reports: [],
    };
    const text = compileSerializer(userRecordResponse)({
      success: true,
      data: { ...record, auth_user_id: 'secret', password_hash: 'x' },
    });
    expect(JSON.parse(text)).toEqual({ success: true, data: { ...record, orders: [order] } });
  });
});
