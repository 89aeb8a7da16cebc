import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseBusy } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { answerMessage, rememberCode } from '../http/language.ts';
import { rememberValidation } from '../http/validation-language.ts';

/**
 * One error handler for the whole server: bad input becomes a 4xx with a message a
 * person can read; anything unexpected is logged with its request id and answered
 * with a bare 500 (or 503 when the database is unreachable), never a stack trace.
 */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
  'SQLITE_BUSY',
]);

export function isDatabaseDown(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(message)
  );
}

export function registerErrorHandler(app: FastifyInstance, onDatabaseDown: () => void = () => {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field =
        issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
      const message = `${field}: ${issue?.message ?? 'is not valid'}`;
      rememberValidation(request, field, issue, error.validationContext);
      return reply.status(400).send({ success: false, message });
    }
    const status = error.statusCode ?? 500;
    // Refused before its body arrived in full (who may call a route is decided before the body is read):
    // the connection closes once answered, instead of waiting for a body nobody will read.
    if (!request.raw.complete) void reply.header('connection', 'close');
    if (status >= 400 && status < 500) {
      const message =
        status === 413 && !(error instanceof HttpError)
          ? answerMessage(request, 'tooLarge')
          : error.message || answerMessage(request, 'badRequest');
      if (error instanceof HttpError) rememberCode(request, error);
      return reply.status(status).send({ success: false, message });
    }
    // Another service we depend on (a payment provider) did not answer: its own message, no stack.
    if (error instanceof HttpError && status === 502) {
      rememberCode(request, error);
      request.log.warn({ message: error.message }, 'an upstream service failed');
      return reply.status(502).send({ success: false, message: error.message });
    }
    // Busy, not down (database.ts): nothing cached is forgotten, and the client is told when to try again.
    if (error instanceof DatabaseBusy) {
      request.log.warn('refused: every pooled connection busy');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ success: false, message: answerMessage(request, 'busy') });
    }
    if (isDatabaseDown(error)) {
      onDatabaseDown();
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ success: false, message: answerMessage(request, 'unavailable') });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: answerMessage(request, 'failed') });
  });
}
