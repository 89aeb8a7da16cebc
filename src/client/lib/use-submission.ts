import { useState } from 'react';
import { errorMessage } from '@client/lib/error-message.ts';

/**
 * A modal's confirm step: `pending` while it runs; if it fails, `failure` says what did not
 * happen (`action`, e.g. "the payment") and whether trying again can help.
 */
export function useSubmission(action: string) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(send: () => Promise<void>) {
    setFailure(null);
    setPending(true);
    try {
      await send();
    } catch (error) {
      setFailure(errorMessage(error, action));
    } finally {
      setPending(false);
    }
  }

  return { pending, failure, submit, clearFailure: () => setFailure(null) };
}
