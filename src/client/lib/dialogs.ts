import { TEXT } from '@shared/texts.ts';

/**
 * The spec's dialogs (SPEC.md §8): success dialogs titled with a message, with
 * 'You clicked the button!' and a success icon; alerts for the two validation texts.
 * SweetAlert2 loads on first use, so it never weighs on the storefront's first load.
 */
async function swal() {
  return (await import('sweetalert2')).default;
}

export async function showSuccess(title: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ title, text: TEXT.clickedButton, icon: 'success' });
}

export async function showAlert(text: string, icon: 'warning' | 'error' | 'info' = 'warning'): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ text, icon });
}

/** Asks before a destructive action; true when the person confirmed. */
export async function confirmAction(title: string, text: string, confirmButtonText = 'Yes, delete'): Promise<boolean> {
  const Swal = await swal();
  const result = await Swal.fire({ title, text, icon: 'warning', showCancelButton: true, confirmButtonText, cancelButtonText: 'Cancel', focusCancel: true });
  return result.isConfirmed;
}
