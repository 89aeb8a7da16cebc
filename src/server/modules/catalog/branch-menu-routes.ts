import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  branchDishBody,
  branchDishParams,
  branchDishResponse,
  branchMenuResponse,
} from '../../../shared/contract/branch-menu.ts';
import { branchParams } from '../../../shared/contract/branches.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';
import { HttpError, forbidden, notFound } from '../../http/errors.ts';
import { answerMessage } from '../../http/language.ts';
import { callerOf } from '../auth/auth.service.ts';
import type { BranchDirectory } from '../branches/branches.service.ts';
import type { CatalogRoutesOptions } from './menu-routes.ts';

const bearer = [{ bearer: [] }];

/**
 * The branch a path names (`{idOrSlug}`), for a caller who may act there: unknown 404, archived
 * 410, one the caller's role is not held at 403 (decision 062).
 */
export function pathBranchWith(directory: (fresh?: boolean) => Promise<BranchDirectory>) {
  return async (request: FastifyRequest, idOrSlug: string): Promise<BranchId> => {
    const row = (await directory()).find(idOrSlug) ?? (await directory(true)).find(idOrSlug);
    if (!row) throw notFound('noSuchBranch');
    const held = callerOf(request).branches;
    if (held && !held.includes(row.id)) throw forbidden('notYourBranch');
    if (row.archived_at !== null) throw new HttpError(410, 'branchHasClosed');
    return asBranchId(row.id);
  };
}

/** What a branch sells (decision 068): its staff read it, its admin or a brand admin sets it. */
export function registerBranchMenuRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  { catalog, access, pathBranch }: CatalogRoutesOptions,
): void {
  app.get(
    '/api/v1/branches/:idOrSlug/menu',
    {
      schema: {
        tags: ['branches'],
        operationId: 'getBranchMenu',
        summary: "Every dish a branch has its own word on: offered or not, its prices there (the branch's staff)",
        security: bearer,
        params: branchParams,
        response: { 200: branchMenuResponse, ...errorResponses(400, 401, 403, 404, 410) },
      },
      onRequest: access.requireStaff,
    },
    async (request) => ({ data: await catalog.branchMenu(await pathBranch(request, request.params.idOrSlug)) }),
  );

  app.put(
    '/api/v1/branches/:idOrSlug/menu/:productId',
    {
      schema: {
        tags: ['branches'],
        operationId: 'setBranchDish',
        summary:
          "Offer a dish at a branch or not, at the brand's price or its own (a brand admin or the branch's admin)",
        security: bearer,
        params: branchDishParams,
        body: branchDishBody,
        response: { 200: branchDishResponse, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => {
      const branch = await pathBranch(request, request.params.idOrSlug);
      const data = await catalog.setBranchDish(branch, request.params.productId, request.body);
      return { success: true as const, message: answerMessage(request, 'dishHasBeenUpdated'), data };
    },
  );
}
