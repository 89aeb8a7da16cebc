import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/common.ts';
import {
  combinationChangedResponse,
  combinationIdParams,
  combinationListResponse,
  createCombinationBody,
  createTableBody,
  tableChangedResponse,
  tableIdParams,
  tableLabelResponse,
  tableListResponse,
  updateTableBody,
} from '../../../shared/contract/tables.ts';
import type { Access } from '../auth/auth.service.ts';
import type { TablesService } from './tables.service.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import { answerMessage } from '../../http/language.ts';

const bearer = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

/** /api/v1/tables and /api/v1/table-combinations: staff read, admins write; each at the request's branch (`?branch=`). */
export const tablesRoutes: FastifyPluginAsyncZod<{
  tables: TablesService;
  access: Access;
  branchOf: BranchOf;
}> = async (app, { tables, access, branchOf }) => {
  const at = async (request: FastifyRequest) => tables.at(await branchOf(request));
  app.get(
    '/api/v1/tables',
    {
      schema: {
        tags: ['tables'],
        operationId: 'listTables',
        summary: 'The dining tables (staff)',
        security: bearer,
        response: { 200: tableListResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request) => ({
      data: await (await at(request)).views(),
    }),
  );

  // Public: the QR code on a table holds its id (/order?table=ID); the visit shows its name.
  app.get(
    '/api/v1/tables/:id/label',
    {
      schema: {
        tags: ['tables'],
        operationId: 'tableLabel',
        summary: "An active table's name, for the guest at its QR code",
        security: [],
        params: tableIdParams,
        response: { 200: tableLabelResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ data: await (await at(request)).label(request.params.id) }),
  );

  app.post(
    '/api/v1/tables',
    {
      schema: {
        tags: ['tables'],
        operationId: 'createTable',
        summary: 'Add a table (admin)',
        security: bearer,
        body: createTableBody,
        response: { 201: tableChangedResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: answerMessage(request, 'tableHasBeenAdded'),
        data: await (await at(request)).create(request.body),
      }),
  );

  app.patch(
    '/api/v1/tables/:id',
    {
      schema: {
        tags: ['tables'],
        operationId: 'updateTable',
        summary: 'Change a table, or (de)activate it (admin)',
        security: bearer,
        params: tableIdParams,
        body: updateTableBody,
        response: { 200: tableChangedResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'tableHasBeenUpdated'),
      data: await (await at(request)).update(request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/tables/:id',
    {
      schema: {
        tags: ['tables'],
        operationId: 'deleteTable',
        summary: 'Delete a table without upcoming bookings (admin)',
        security: bearer,
        params: tableIdParams,
        response: { 200: tableChangedResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'tableHasBeenDeleted'),
      data: await (await at(request)).remove(request.params.id),
    }),
  );

  app.get(
    '/api/v1/table-combinations',
    {
      schema: {
        tags: ['tables'],
        operationId: 'listTableCombinations',
        summary: 'Tables that may be pushed together (staff)',
        security: bearer,
        response: { 200: combinationListResponse, ...errors },
      },
      onRequest: access.requireStaff,
    },
    async (request) => ({ data: await (await at(request)).combinationViews() }),
  );

  app.post(
    '/api/v1/table-combinations',
    {
      schema: {
        tags: ['tables'],
        operationId: 'createTableCombination',
        summary: 'Allow tables to be pushed together (admin)',
        security: bearer,
        body: createCombinationBody,
        response: { 201: combinationChangedResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: answerMessage(request, 'combinationHasBeenAdded'),
        data: await (await at(request)).createCombination(request.body),
      }),
  );

  app.delete(
    '/api/v1/table-combinations/:id',
    {
      schema: {
        tags: ['tables'],
        operationId: 'deleteTableCombination',
        summary: 'Remove a combination (admin)',
        security: bearer,
        params: combinationIdParams,
        response: { 200: combinationChangedResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      message: answerMessage(request, 'combinationHasBeenRemoved'),
      data: await (await at(request)).removeCombination(request.params.id),
    }),
  );
};
