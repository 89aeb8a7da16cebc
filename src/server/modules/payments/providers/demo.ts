import { BILL_METHOD_OF_PAY_METHOD } from '../../../../shared/constants.ts';
import type {
  Created,
  CreateInput,
  PaymentProvider,
  RefundInput,
  Refunded,
  Verified,
  VerifyInput,
} from './provider.ts';

/**
 * The spec's PAY form (docs/reference/storefront.md): no money moves. As a provider (a deposit, or a bill's due or a
 * share of it, where no real one is set up: decisions 032, 037) its page is our own return page,
 * where the guest fills in the spec's form (a method and an account number) and confirms; it
 * succeeds for the amount asked, counted by the method chosen, once the guest came back saying
 * `success` (nothing else can be asked: no money exists anywhere to check), fails on `failure` or
 * `cancel`, and stays pending otherwise (so an abandoned one expires). It refunds whatever it is
 * asked to.
 */

export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    async create(input: CreateInput): Promise<Created> {
      return { providerRef: `demo_${input.key}`, redirectUrl: input.returnUrl };
    },
    async verify(input: VerifyInput): Promise<Verified> {
      const status =
        input.returned === 'success'
          ? 'succeeded'
          : input.returned === 'failure' || input.returned === 'cancel'
            ? 'failed'
            : 'pending';
      const method = input.method !== undefined ? BILL_METHOD_OF_PAY_METHOD[input.method] : undefined;
      return {
        status,
        amount: input.amount,
        currency: input.currency,
        captureRef: input.providerRef,
        ...(method ? { method } : {}),
      };
    },
    async refund(input: RefundInput): Promise<Refunded> {
      return { refundRef: `demo_refund_${input.key}`, amount: input.amount };
    },
  };
}
