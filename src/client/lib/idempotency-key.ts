import { useRef } from 'react';

/**
 * A random key for one write that may be sent again (an order, a payment, a refund): 32 hex
 * digits (the contract asks 8–64 printable characters). From getRandomValues, which a page
 * that is not a secure context (a tablet on the LAN over http) has too.
 */
export function newIdempotencyKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
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
