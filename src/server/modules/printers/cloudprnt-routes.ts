import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import { confirmQuery, jobQuery, pollBody, pollParams, pollResponse } from '../../../shared/contract/printers.ts';
import { notFound } from '../../http/errors.ts';
import type { PrintersService } from './printers.service.ts';
import { answerMessage } from '../../http/language.ts';

/*
 * Star CloudPRNT: the printer's own calls, authorised by the secret in the address (printers.routes.ts
 * registers them after the staff's and admins').
 */

/** A job's bytes, as they are (no serializer runs on a Buffer); plain text is UTF-8 (Bangla as text). */
function sendBytes(reply: FastifyReply, type: string, body: Buffer) {
  return reply
    .header('cache-control', 'no-store')
    .type(type === 'text/plain' ? 'text/plain; charset=utf-8' : type)
    .send(body);
}
const printerErrors = errorResponses(400, 404, 409);
const tags = ['printers'];

export function registerCloudPrntRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  { printers }: { printers: PrintersService },
): void {
  app.post(
    '/api/v1/printers/poll/:secret',
    {
      schema: {
        tags,
        operationId: 'printerPoll',
        summary: 'CloudPRNT poll: the printer reports its status, the answer says whether a job is ready',
        security: [],
        params: pollParams,
        body: pollBody,
        response: { 200: pollResponse, ...printerErrors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await printers.poll(request.params.secret, request.body.printingInProgress === true)),
  );

  app.get(
    '/api/v1/printers/poll/:secret',
    {
      schema: {
        tags,
        operationId: 'printerJob',
        summary: 'CloudPRNT job: the claimed job in the media type asked for (bytes)',
        security: [],
        params: pollParams,
        querystring: jobQuery,
        produces: [
          'application/vnd.star.starprnt',
          'application/vnd.star.line',
          'application/vnd.escpos',
          'text/plain',
        ],
        response: { 200: z.string(), ...printerErrors },
      },
    },
    async (request, reply) => {
      const job = await printers.fetch(request.params.secret, request.query.type, request.query.token);
      if (!job) throw notFound('noJobWaitingPrinter');
      return sendBytes(reply, job.type, job.body);
    },
  );

  app.delete(
    '/api/v1/printers/poll/:secret',
    {
      schema: {
        tags,
        operationId: 'printerConfirm',
        summary: 'CloudPRNT confirmation: the job printed (a 2xx code) or failed',
        security: [],
        params: pollParams,
        querystring: confirmQuery,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...printerErrors },
      },
    },
    async (request) => {
      const done = await printers.confirm(request.params.secret, request.query.code, request.query.token);
      if (!done) throw notFound('noJobPrinterHoldsToken');
      return { success: true as const, message: answerMessage(request, 'confirmed') };
    },
  );
}
