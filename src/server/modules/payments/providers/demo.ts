import type { Created, CreateInput, PaymentProvider, RefundInput, Refunded, Verified, VerifyInput } from './provider.ts';

/**
 * The spec's PAY form (SPEC.md): no money moves. As a provider (a deposit, where no real one is
 * set up: decision 032) its page is our own return page, where the guest confirms the demo
 * payment; it succeeds for the amount asked once the guest came back saying `success` (nothing
 * else can be asked: no money exists anywhere to check), fails on `failure` or `cancel`, and
 * stays pending otherwise (so an abandoned one expires). It refunds whatever it is asked to.
 */
export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    async create(input: CreateInput): Promise<Created> {
      return { providerRef: `demo_${input.key}`, redirectUrl: input.returnUrl };
    },
    async verify(input: VerifyInput): Promise<Verified> {
      const status = input.returned === 'success' ? 'succeeded' : input.returned === 'failure' || input.returned === 'cancel' ? 'failed' : 'pending';
      return { status, amount: input.amount, currency: input.currency, captureRef: input.providerRef };
    },
    async refund(input: RefundInput): Promise<Refunded> {
      return { refundRef: `demo_refund_${input.key}`, amount: input.amount };
    },
  };
}
