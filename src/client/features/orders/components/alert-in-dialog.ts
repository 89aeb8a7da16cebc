/**
 * An alert shown inside an open modal <dialog>. A dialog opened with showModal() sits in
 * the browser's top layer, above anything in <body>, so lib/dialogs' alerts would appear
 * under it, unreachable. SweetAlert2's `target` puts the alert inside the dialog instead.
 * Escape then closes the alert only (SweetAlert2 cancels the key's default action).
 */
export async function showAlertInDialog(
  dialog: HTMLDialogElement | null,
  text: string,
  icon: 'warning' | 'error' = 'warning',
): Promise<void> {
  const Swal = (await import('sweetalert2')).default;
  await Swal.fire({ text, icon, ...(dialog?.open ? { target: dialog } : {}) });
}
