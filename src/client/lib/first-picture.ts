/**
 * The attributes of a page's main picture, its largest paint: fetched before the other
 * pictures, and named for Element Timing, which reports when its pixels are on the screen
 * (src/client/start-after-paint.js starts the app then, and finds the picture by them).
 * Spread onto the <img>; one per page.
 */
export const FIRST_PICTURE = { fetchPriority: 'high', elementtiming: 'first-picture' } as const;
