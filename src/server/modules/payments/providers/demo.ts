import type { Created, CreateInput, PaymentProvider, RefundInput, Refunded, Verified, VerifyInput } from './provider.ts';

/**
 * The spec's PAY form (SPEC.md): a method and an account number, no money moves. As a provider
 * it succeeds at once for the amount asked, and refunds whatever it is asked to.
 */
export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    async create(input: CreateInput): Promise<Created> {
      return { providerRef: `demo_${input.key}`, redirectUrl: input.returnUrl };
    },
    async verify(input: VerifyInput): Promise<Verified> {
      return { status: 'succeeded', amount: input.amount, currency: input.currency, captureRef: input.providerRef };
    },
    async refund(input: RefundInput): Promise<Refunded> {
      return { refundRef: `demo_refund_${input.key}`, amount: input.amount };
    },
  };
}
