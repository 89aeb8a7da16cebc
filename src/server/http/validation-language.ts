import type { FastifyRequest } from 'fastify';
import { isPseudoLocale } from '../../shared/i18n/i18n.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { zodMessage } from '../../shared/i18n/zod-messages.ts';
import { saidIn } from '../../shared/i18n/said.ts';
import { valueIn } from '../../shared/i18n/field-names.ts';

/**
 * Zod's own messages in the requester's language (decision 049): a request's field that fails a
 * schema without a message of ours gets zod's ("Invalid input: expected number, received
 * string"), which zod writes in Bangla too (its `bn` locale). The error handler keeps the failed
 * issue of each such request here; the answer's translation writes it again in Bangla when its
 * message is zod's English one (a message of ours goes through the catalogs instead).
 */

interface Failed {
  field: string;
  message: string;
  issue: Record<string, unknown>;
}

const failedOf = new WeakMap<FastifyRequest, Failed>();

/** A JSON pointer's parts ("/lines/0/quantity"; the whole is "/", as fastify-type-provider-zod writes it). */
const partsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .filter((part) => part !== '');

/** The value at a JSON pointer in what the request sent. */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of partsOf(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[decodeURIComponent(part)];
  }
  return node;
}

type Validation = { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> };

/** Kept by the error handler for a request its schema refused: the first issue, with the value it was about. */
export function rememberValidation(
  request: FastifyRequest,
  field: string,
  validation: Validation | undefined,
  context: string | undefined,
): void {
  if (!validation?.message) return;
  const sent =
    context === 'body'
      ? request.body
      : context === 'querystring'
        ? request.query
        : context === 'params'
          ? request.params
          : context === 'headers'
            ? request.headers
            : undefined;
  const path = partsOf(validation.instancePath);
  failedOf.set(request, {
    field,
    message: validation.message,
    issue: { ...validation.params, code: validation.keyword, path, input: valueAt(sent, validation.instancePath) },
  });
}

/**
 * The refused request's answer in `language`: a schema's message of ours by its code (decision 064,
 * addendum), zod's own through zod's locale; undefined when the request was not refused by a schema.
 */
export function validationMessageIn(request: FastifyRequest, language: Language): string | undefined {
  const failed = failedOf.get(request);
  if (!failed) return undefined;
  const ours = saidIn(failed.message, language, valueIn);
  if (ours !== undefined) return `${failed.field}: ${ours}`;
  if (isPseudoLocale() || zodMessage('en', failed.issue) !== failed.message) return undefined;
  const message = zodMessage(language, failed.issue);
  return message ? `${failed.field}: ${message}` : undefined;
}
