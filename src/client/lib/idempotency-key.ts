/** A random key for one write that may be sent again (a payment, a refund): 32 hex digits (the contract asks 8–64 printable characters). */
export function newIdempotencyKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
