import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from '../audit/audit.service.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import {
  createPrinterBody,
  printJobChangedResponse,
  printJobIdParams,
  printJobListResponse,
  printReceiptBody,
  printReceiptResponse,
  printerChangedResponse,
  printerIdParams,
  printerListResponse,
  printerSecretResponse,
  printerStatesResponse,
  updatePrinterBody,
} from '../../../shared/contract/printers.ts';
import type { Access } from '../auth/auth.service.ts';
import type { PrintersService } from './printers.service.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import { answerMessage } from '../../http/language.ts';
import { registerCloudPrntRoutes } from './cloudprnt-routes.ts';

const bearer = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['printers'];

/**
 * /api/v1/printers: admins set printers up, staff reprint and print receipts, each at the
 * request's branch (`?branch=`); printers poll (docs/reference/service.md "Printers that pull
 * their jobs"), found by their secret at their own branch.
 */
export const printersRoutes: FastifyPluginAsyncZod<{
  printers: PrintersService;
  access: Access;
  audit: AuditService;
  branchOf: BranchOf;
}> = async (app, { printers, access, audit, branchOf }) => {
  const at = async (request: FastifyRequest) => printers.at(await branchOf(request));
  app.get(
    '/api/v1/printers',
    {
      schema: {
        tags,
        operationId: 'listPrinters',
        summary: 'The printers, with their last poll, status and waiting jobs (admin)',
        security: bearer,
        response: { 200: printerListResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({
      data: await (await at(request)).list(),
    }),
  );

  app.post(
    '/api/v1/printers',
    {
      schema: {
        tags,
        operationId: 'createPrinter',
        summary: 'Add a printer; its secret address is answered this once (admin)',
        security: bearer,
        body: createPrinterBody,
        response: { 201: printerSecretResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: answerMessage(request, 'printerHasBeenAddedType'),
        data: await (await at(request)).create(request.body),
      }),
  );

  app.patch(
    '/api/v1/printers/:id',
    {
      schema: {
        tags,
        operationId: 'updatePrinter',
        summary: 'Change a printer (admin)',
        security: bearer,
        params: printerIdParams,
        body: updatePrinterBody,
        response: { 200: printerChangedResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'printerHasBeenUpdated'),
      data: await (await at(request)).update(request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/printers/:id',
    {
      schema: {
        tags,
        operationId: 'deletePrinter',
        summary: 'Remove a printer and its jobs (admin)',
        security: bearer,
        params: printerIdParams,
        response: { 200: printerChangedResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'printerHasBeenRemoved'),
      data: await (await at(request)).remove(request.params.id),
    }),
  );

  app.post(
    '/api/v1/printers/:id/secret',
    {
      schema: {
        tags,
        operationId: 'renewPrinterSecret',
        summary: 'A new secret address for a printer, answered this once; the old one stops working (admin)',
        security: bearer,
        params: printerIdParams,
        response: { 200: printerSecretResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => {
      const printer = await (await at(request)).renewSecret(request.params.id);
      await audit.record(request, {
        kind: 'printer-secret',
        branch: await branchOf(request),
        subject: `Printer ${printer.name}`,
      });
      return {
        success: true as const,
        message: answerMessage(request, 'newAddressTypeIntoPrinter'),
        data: printer,
      };
    },
  );

  app.post(
    '/api/v1/printers/:id/test',
    {
      schema: {
        tags,
        operationId: 'printTestPage',
        summary: 'Print a test page (admin)',
        security: bearer,
        params: printerIdParams,
        response: { 201: printJobChangedResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: answerMessage(request, 'testPageItsWay'),
        data: await (await at(request)).testPage(request.params.id),
      }),
  );

  app.get(
    '/api/v1/printers/:id/jobs',
    {
      schema: {
        tags,
        operationId: 'listPrintJobs',
        summary: "A printer's latest 50 jobs, newest first (admin)",
        security: bearer,
        params: printerIdParams,
        response: { 200: printJobListResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({ data: await (await at(request)).jobs(request.params.id) }),
  );

  app.post(
    '/api/v1/printers/jobs/:id/reprint',
    {
      schema: {
        tags,
        operationId: 'reprintJob',
        summary: 'Print a job again, marked REPRINT (staff)',
        security: bearer,
        params: printJobIdParams,
        response: { 201: printJobChangedResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      const job = await (await at(request)).reprint(request.params.id);
      await audit.record(request, {
        kind: 'reprint',
        branch: await branchOf(request),
        subject: `Print job ${request.params.id}: ${job.title}`,
      });
      return reply
        .status(201)
        .send({ success: true as const, message: answerMessage(request, 'reprinting'), data: job });
    },
  );

  app.get(
    '/api/v1/printers/states',
    {
      schema: {
        tags,
        operationId: 'printerStates',
        summary: 'Each printer online or offline, for the kitchen board and the Floor (staff)',
        security: bearer,
        response: { 200: printerStatesResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send({ data: await (await at(request)).states() }),
  );

  app.post(
    '/api/v1/printers/receipts',
    {
      schema: {
        tags,
        operationId: 'printReceipt',
        summary: "Print a bill's receipt on the receipt printer (staff)",
        security: bearer,
        body: printReceiptBody,
        response: { 201: printReceiptResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request, reply) => {
      const jobs = await (await at(request)).printReceipt(request.body.billId);
      const branch = await branchOf(request);
      await audit.record(request, {
        kind: 'receipt-print',
        branch,
        subject: await audit.billNumber(request.body.billId, branch),
      });
      return reply
        .status(201)
        .send({ success: true as const, message: answerMessage(request, 'receiptItsWayPrinter'), data: jobs });
    },
  );

  // ---- Star CloudPRNT: the printer's own calls, authorised by the secret in the address ----
  registerCloudPrntRoutes(app, { printers });
};
