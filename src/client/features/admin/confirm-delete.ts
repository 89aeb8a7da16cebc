import { ApiError } from '@client/lib/api-client.ts';
import { confirmThenDelete } from '@client/lib/confirm-then-delete.ts';

/**
 * An administrator's delete: ask first (`title`, `text`), then call the server (`run`) and
 * show its message in the spec's success popup (SPEC.md §7, §8), or say why it did not go through.
 */
export function confirmAdminDelete(options: { title: string; text: string; run: () => Promise<{ message: string }> }): Promise<void> {
  return confirmThenDelete({ ...options, describeFailure: deleteErrorMessage });
}

function deleteErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'The server could not be reached. Check your connection and try again.';
    if (error.serverMessage) return `The delete did not go through: ${error.serverMessage}`;
  }
  return 'The delete did not go through. Please try again.';
}
