import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * For a long form whose problems show beside their fields: after a refused save, once the fields
 * are marked (after the render), focus the first one marked `aria-invalid` in the page's order,
 * wherever it is (above or off screen), and bring it into view, so Save never seems to do
 * nothing. Put `ref` on the form and call the answer's `focusFirst` after marking the problems.
 */
export function useFocusFirstProblem(): { ref: RefObject<HTMLFormElement | null>; focusFirst: () => void } {
  const ref = useRef<HTMLFormElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  }, [asked]);
  const focusFirst = useCallback(() => setAsked((n) => n + 1), []);
  return { ref, focusFirst };
}
