import { confirmAction, showAlert, showSuccess } from '@client/lib/dialogs.ts';
import { failureMessage } from '../api/record-mutation.ts';

/**
 * Delete from one of the own lists: ask first (a deleted order cannot come back), then the
 * server's message as a success dialog, or what went wrong so the guest can try again.
 */
export async function deleteWithConfirmation(what: string, remove: () => Promise<{ message: string }>): Promise<void> {
  if (!(await confirmAction(`Delete ${what}?`, 'This cannot be undone.'))) return;
  try {
    const answer = await remove();
    void showSuccess(answer.message);
  } catch (error) {
    void showAlert(failureMessage(error, 'the deletion'), 'error');
  }
}
