import { z } from 'zod';

/**
 * Zod without its compiled parsers, in the browser: an object schema, when it is built, asks
 * whether `new Function` may run (its faster parser is generated code), and the content
 * security policy, which allows no eval, reports each ask as a violation. The staff forms that
 * validate with the contract's schemas (eslint.config.js, CONTRACT_VALIDATORS) import this
 * first, before the contract builds a schema; their forms are small, the plain parser is
 * fast enough.
 */
z.config({ jitless: true });
