import { confirmAction, showAlert, showSuccess } from './dialogs.ts';

/**
 * A delete as the spec's dialogs do it (docs/reference/storefront.md §8): ask first; then the server's message as
 * the success dialog's title, or, when the call is refused or fails, `describeFailure`'s
 * sentence in an error alert, so that nothing fails silently.
 */
export async function confirmThenDelete({
  title,
  text,
  run,
  describeFailure,
}: {
  /** The question, e.g. "Delete Jane Doe?". */
  title: string;
  /** What will happen, in a sentence. */
  text: string;
  run: () => Promise<{ message: string }>;
  describeFailure: (error: unknown) => string;
}): Promise<void> {
  if (!(await confirmAction(title, text))) return;
  let message: string;
  try {
    ({ message } = await run());
  } catch (error) {
    await showAlert(describeFailure(error), 'error');
    return;
  }
  await showSuccess(message);
}
