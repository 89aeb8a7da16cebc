import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The page starter (src/client/start-after-paint.js), written into every page the server
 * renders as an inline script at the end of the body: it loads the app's code once the page
 * has painted. Inline, it costs the first paint no request and no task of its own (as a
 * deferred file it was one more download beside the stylesheet, and its evaluation one more
 * task before the first paint on a slow phone). The content security policy allows this one
 * inline script by its hash, and no other.
 */
export const START_SCRIPT = readFileSync(
  new URL('../../../client/start-after-paint.js', import.meta.url),
  'utf8',
).trim();

if (/<\/script/i.test(START_SCRIPT)) throw new Error('start-after-paint.js must not contain "</script"');

/** The CSP source that allows START_SCRIPT, exactly as written into the pages. */
export const START_SCRIPT_HASH = `'sha256-${createHash('sha256').update(START_SCRIPT, 'utf8').digest('base64')}'`;
