import { useEffect } from 'react';
import { SITE_NAME } from './site.ts';

/** Sets the tab title for the current screen: "Menu | Saffron Table". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
