/** The restaurant's name and the like: not spec texts, but shown in many places. */
export const SITE_NAME = 'Saffron Table';
