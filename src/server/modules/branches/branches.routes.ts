import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { branchListResponse, branchParams, branchResponse } from '../../../shared/contract/branches.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import type { LanguageOf } from '../../http/language.ts';
import type { BranchesService } from './branches.service.ts';

/**
 * GET /api/v1/branches and GET /api/v1/branches/{idOrSlug} (anyone; docs/reference/branches.md
 * "The API"). "Open now" turns with the clock, so the answers are made per request and kept by
 * nobody. No writes yet (decision 062): a second branch before every branch-scoped row carries
 * its branch would share them all.
 */
export const branchesRoutes: FastifyPluginAsyncZod<{ branches: BranchesService; language: LanguageOf }> = async (
  app,
  { branches, language },
) => {
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
};
