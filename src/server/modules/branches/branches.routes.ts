import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  branchCreateBody,
  branchListResponse,
  branchParams,
  branchPatchBody,
  branchRemovedResponse,
  branchResponse,
} from '../../../shared/contract/branches.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import type { LanguageOf } from '../../http/language.ts';
import type { Access } from '../auth/auth.service.ts';
import type { BranchesService } from './branches.service.ts';

/**
 * GET /api/v1/branches and GET /api/v1/branches/{idOrSlug} (anyone; docs/reference/branches.md
 * "The API"). "Open now" turns with the clock, so the answers are made per request and kept by
 * nobody. POST, PATCH and DELETE /api/v1/branches (brand admins: every admin until roles are held
 * at branches) make, change and archive them (branch-writes.ts).
 */
export const branchesRoutes: FastifyPluginAsyncZod<{
  branches: BranchesService;
  language: LanguageOf;
  access: Access;
}> = async (app, { branches, language, access }) => {
  const bearer = [{ bearer: [] }];

  app.get(
    '/api/v1/branches',
    {
      schema: {
        tags: ['branches'],
        operationId: 'listBranches',
        summary: "The brand's open branches, in their order",
        security: [],
        response: { 200: branchListResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: await branches.list(await language(request)) };
    },
  );

  app.get(
    '/api/v1/branches/:idOrSlug',
    {
      schema: {
        tags: ['branches'],
        operationId: 'getBranch',
        summary: 'One branch by id or slug (410 when archived)',
        security: [],
        params: branchParams,
        response: { 200: branchResponse, ...errorResponses(400, 404, 410) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: await branches.get(request.params.idOrSlug, await language(request)) };
    },
  );

  app.post(
    '/api/v1/branches',
    {
      schema: {
        tags: ['branches'],
        operationId: 'createBranch',
        summary: "Add a branch: its slug, names and place; its rules start as the first branch's (brand admins)",
        security: bearer,
        body: branchCreateBody,
        response: { 201: branchResponse, ...errorResponses(400, 401, 403, 409) },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request, reply) => {
      const id = await branches.create(request.body);
      reply.code(201);
      return { data: await branches.get(String(id), await language(request)) };
    },
  );

  app.patch(
    '/api/v1/branches/:idOrSlug',
    {
      schema: {
        tags: ['branches'],
        operationId: 'updateBranch',
        summary:
          "Change a branch's slug, Bangla name or place in the lists (brand admins; its place and rules: PATCH /api/v1/restaurant?branch=)",
        security: bearer,
        params: branchParams,
        body: branchPatchBody,
        response: { 200: branchResponse, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request) => {
      const id = await branches.update(request.params.idOrSlug, request.body);
      return { data: await branches.get(String(id), await language(request)) };
    },
  );

  app.delete(
    '/api/v1/branches/:idOrSlug',
    {
      schema: {
        tags: ['branches'],
        operationId: 'removeBranch',
        summary: 'Remove a branch without history, or archive one with it (brand admins; never the last open one)',
        security: bearer,
        params: branchParams,
        response: { 200: branchRemovedResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request) => {
      const { id, archived } = await branches.remove(request.params.idOrSlug);
      return { data: { _id: String(id), archived } };
    },
  );
};
