import { TEXT } from '@shared/texts.ts';
import {
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';

/**
 * A modal built on the native <dialog> opened with showModal(), named by its `title`
 * heading: the page behind is inert, focus stays inside, Escape closes it, and on close
 * focus goes back to what opened it. A click on the backdrop closes it too. A control
 * marked data-autofocus gets the focus first. `onClose` runs however it closes; the parent
 * owns `open` and keeps the content rendered while it fades out. Phones get a full-width
 * sheet from the bottom; `boxClassName` sizes it above that. The dialog opens and closes in
 * a layout effect, so after `flushSync(() => setOpen(false))` it is already closed (a
 * success dialog shown next is then not hidden under it).
 */
export function Modal({
  open,
  onClose,
  title,
  boxClassName = '',
  dialogRef,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  boxClassName?: string;
  /** For whoever needs the element, e.g. to show an alert inside the top layer. */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}) {
  const titleId = useId();
  const ownRef = useRef<HTMLDialogElement>(null);
  const dialog = dialogRef ?? ownRef;
  const opener = useRef<Element | null>(null);
  // Where a press began: a text selection dragged out of the box must not close it.
  const pressedOnBackdrop = useRef(false);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      // The browser focuses the first control; content may name a better one.
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, dialog]);

  function handleClose() {
    onClose();
    // Browsers restore focus themselves; this covers the ones that do not.
    const target = opener.current;
    opener.current = null;
    if (target instanceof HTMLElement && target.isConnected && document.activeElement === document.body) target.focus();
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDialogElement>) {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDialogElement>) {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) event.currentTarget.close();
    pressedOnBackdrop.current = false;
  }

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={handleClose}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
    >
      <div className={`modal-box flex max-h-[90vh] w-full max-w-none flex-col gap-4 sm:max-w-lg ${boxClassName}`}>
        <h2 id={titleId} className="text-2xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** What went wrong, inside the modal, which stays open so the person can try again. */
export function ModalFailure({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="alert alert-error alert-soft">
      {message}
    </p>
  ) : null;
}

/**
 * A modal's footer: Close, and the main action with a spinner while it runs. With `onConfirm`
 * the action is a plain button; without it, it submits the form around it.
 */
export function ModalActions({
  onClose,
  pending,
  onConfirm,
  children,
}: {
  onClose: () => void;
  pending: boolean;
  onConfirm?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="modal-action mt-0 flex-wrap">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {TEXT.close}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="btn btn-primary"
        onClick={onConfirm}
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {children}
      </button>
    </div>
  );
}
