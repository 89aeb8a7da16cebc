import { confirmThenDelete } from '@client/lib/confirm-then-delete.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * Delete from one of the own lists: ask first (a deleted order cannot come back), then the
 * server's message as a success dialog, or what went wrong so the guest can try again.
 */
export function deleteWithConfirmation(what: string, remove: () => Promise<{ message: string }>): Promise<void> {
  return confirmThenDelete({
    title: t('common.deleteQuestion', 'Delete {{what}}?', { what }),
    text: t('common.cannotUndo', 'This cannot be undone.'),
    run: remove,
    describeFailure: (error) => errorMessage(error, t('common.theDeletion', 'the deletion')),
  });
}
