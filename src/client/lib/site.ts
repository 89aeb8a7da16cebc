/** The restaurant's name and the like: not spec texts, but shown in many places (shared with the server's page heads). */
export { SITE_NAME } from '@shared/constants.ts';
