import { ApiError } from '@client/lib/api-client.ts';
import { confirmAction, showAlert, showSuccess } from '@client/lib/dialogs.ts';

export interface ConfirmDeleteOptions {
  /** The question, e.g. "Delete Jane Doe?". */
  title: string;
  /** What will happen, in a sentence. */
  text: string;
  /** The call; its answer's message titles the success popup (SPEC.md §7, §8). */
  run: () => Promise<{ message: string }>;
}

/**
 * An administrator's delete: ask first, then call the server and show its message in the
 * spec's success popup. A refused or failed call says why, rather than failing silently.
 */
export async function confirmThenDelete({ title, text, run }: ConfirmDeleteOptions): Promise<void> {
  if (!(await confirmAction(title, text))) return;
  let message: string;
  try {
    ({ message } = await run());
  } catch (error) {
    await showAlert(deleteErrorMessage(error), 'error');
    return;
  }
  await showSuccess(message);
}

function deleteErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'The server could not be reached. Check your connection and try again.';
    if (error.serverMessage) return `The delete did not go through: ${error.serverMessage}`;
  }
  return 'The delete did not go through. Please try again.';
}
