import { confirmThenDelete } from '@client/lib/confirm-then-delete.ts';
import { errorMessage } from '@client/lib/error-message.ts';

/**
 * Delete from one of the own lists: ask first (a deleted order cannot come back), then the
 * server's message as a success dialog, or what went wrong so the guest can try again.
 */
export function deleteWithConfirmation(what: string, remove: () => Promise<{ message: string }>): Promise<void> {
  return confirmThenDelete({ title: `Delete ${what}?`, text: 'This cannot be undone.', run: remove, describeFailure: (error) => errorMessage(error, 'the deletion') });
}
