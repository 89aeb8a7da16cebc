import { errorMessage } from '@client/lib/error-message.ts';
import { confirmThenDelete } from '@client/lib/confirm-then-delete.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * An administrator's delete: ask first (`title`, `text`), then call the server (`run`) and
 * show its message in the spec's success popup (docs/reference/storefront.md §7, §8), or say why it did not go through.
 */
export function confirmAdminDelete(options: {
  title: string;
  text: string;
  run: () => Promise<{ message: string }>;
}): Promise<void> {
  return confirmThenDelete({
    ...options,
    describeFailure: (error) => errorMessage(error, t('accounts.theDelete', 'the delete')),
  });
}
