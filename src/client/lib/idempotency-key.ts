import { useRef } from 'react';

/**
 * A random key for one write that may be sent again (an order, a payment, a refund): a UUID from
 * crypto.randomUUID, or the same shape from getRandomValues where the page is not a secure
 * context (a tablet on the LAN over http has no randomUUID). The contract asks 8–64 printable
 * characters.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per attempt: a retry of the same write (a lost answer, a second press) sends the
 * same key, so the server makes it once; other fields make a new attempt with a new key.
 */
export function useAttemptKey(): { keyFor(fields: unknown): string; done(): void } {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(fields) {
      const body = JSON.stringify(fields);
      if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
      return attempt.current.key;
    },
    /** The attempt went through: the next one gets a new key. */
    done() {
      attempt.current = null;
    },
  };
}
