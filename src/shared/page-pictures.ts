/**
 * The first, largest picture of the pages that always show the same one. The page draws it
 * and the server names it in a preload hint with the page itself (static-files.ts), so the
 * browser fetches it while the scripts are still arriving instead of after they ran.
 */
export const HOME_BANNER_PICTURE = '/images/dishes/demo-margherita-pizza-640.webp';
export const ABOUT_STORY_PICTURE = '/images/dishes/demo-spaghetti-bolognese-640.webp';
