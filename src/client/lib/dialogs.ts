import { TEXT } from '@shared/texts.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The spec's dialogs (docs/reference/storefront.md §8): success dialogs titled with a message, with
 * 'You clicked the button!' and a success icon; alerts for the two validation texts.
 * Every later dialog (a booking, a role, the settings…) is `showDone`: its title and what was
 * done, in the product's words, without the spec's text (issue 48, point 1). Every button is
 * the theme's, not SweetAlert2's own purple. SweetAlert2 loads on first use, so it never
 * weighs on the storefront's first load.
 */
async function swal() {
  return (await import('sweetalert2')).default;
}

/**
 * The last control focused outside any dialog: what a person was using when the flow that
 * ends in a dialog began (Add to Cart, then the order dialog, then the success dialog).
 * SweetAlert2 gives focus back to what was focused when it opened, which is nothing when the
 * dialog before it has just closed; then focus goes back to this control instead of the page.
 */
let opener: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (
      target instanceof HTMLElement &&
      target !== document.body &&
      !target.closest('dialog, [role="dialog"], [role="alertdialog"], .swal2-container')
    )
      opener = target;
  });
}

/** Runs a dialog; when it closes with focus lost (on the page's body or a removed node), focus goes back to the opener. */
async function returningFocus<T>(show: () => Promise<T>): Promise<T> {
  const from = opener;
  const result = await show();
  // SweetAlert2 restores its own idea of focus as it closes; look once that has happened.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const active = document.activeElement;
  if ((!active || active === document.body || !active.isConnected) && from?.isConnected) from.focus();
  return result;
}

/** A second button beside OK on a success dialog: the natural next step (say, "Checkout"). */
export interface NextStep {
  label: string;
  run: () => void;
}

/** The theme's primary colour for every dialog's buttons (styles.css, "saffron"). */
const THEME_BUTTON = 'var(--color-primary, #c2410c)';

/**
 * The spec's success dialog (docs/reference/storefront.md §8: sign-in, Google sign-in, sign-up, sign-out, and the
 * alerts after order, favourite, report, pay and delete). `next` a button beside OK for the
 * natural next step.
 */
export async function showSuccess(title: string, more: { next?: NextStep } = {}): Promise<void> {
  await successDialog(title, TEXT.clickedButton, more.next);
}

/**
 * A success dialog of the product's own (not the spec's): the title says what happened, and
 * `detail` says it back ("Sat 28 Nov at 19:30 · 4 guests · table T7").
 */
export async function showDone(title: string, more: { detail?: string; next?: NextStep } = {}): Promise<void> {
  await successDialog(title, more.detail, more.next);
}

async function successDialog(title: string, text: string | undefined, next: NextStep | undefined): Promise<void> {
  const Swal = await swal();
  const result = await returningFocus(() =>
    Swal.fire({
      title,
      ...(text ? { text } : {}),
      icon: 'success',
      confirmButtonText: t('dialogs.ok', 'OK'),
      confirmButtonColor: THEME_BUTTON,
      ...(next
        ? { showDenyButton: true, denyButtonText: next.label, denyButtonColor: THEME_BUTTON, reverseButtons: false }
        : {}),
    }),
  );
  if (next && result.isDenied) next.run();
}

export async function showAlert(text: string, icon: 'warning' | 'error' | 'info' = 'warning'): Promise<void> {
  const Swal = await swal();
  await returningFocus(() =>
    Swal.fire({ text, icon, confirmButtonText: t('dialogs.ok', 'OK'), confirmButtonColor: THEME_BUTTON }),
  );
}

/** Asks before a destructive action; true when the person confirmed. */
export async function confirmAction(
  title: string,
  text: string,
  confirmButtonText = t('dialogs.yesDelete', 'Yes, delete'),
  cancelButtonText = t('dialogs.cancel', 'Cancel'),
): Promise<boolean> {
  const Swal = await swal();
  const result = await returningFocus(() =>
    Swal.fire({
      title,
      text,
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText,
      cancelButtonText,
      focusCancel: true,
      confirmButtonColor: THEME_BUTTON,
    }),
  );
  return result.isConfirmed;
}
