/** What the Google popup posts to its opener when it is done. */
export const GOOGLE_MESSAGE = 'storefront:google-sign-in';
export interface GoogleMessage {
  type: typeof GOOGLE_MESSAGE;
  ok: boolean;
}
