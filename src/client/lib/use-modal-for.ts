import { useState } from 'react';
import { flushSync } from 'react-dom';
import { type NextStep, showSuccess } from '@client/lib/dialogs.ts';

/**
 * The state of a modal opened for one thing (an order to pay, a favourite to confirm, a
 * dish to book). `visit` changes on every opening, so a form keyed by it starts afresh.
 */
export function useModalFor<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [visit, setVisit] = useState(0);
  return {
    subject,
    open,
    visit,
    show(next: T) {
      setSubject(next);
      setVisit((count) => count + 1);
      setOpen(true);
    },
    close: () => setOpen(false),
    /** Closes first, at once: the success dialog must not open under the modal's top layer. */
    succeed(message: string, next?: NextStep) {
      flushSync(() => setOpen(false));
      void showSuccess(message, next ? { next } : {});
    },
  };
}
