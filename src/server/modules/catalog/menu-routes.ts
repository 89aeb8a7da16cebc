import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from '../audit/audit.service.ts';
import {
  categoryBody,
  categoryChangedResponse,
  categoryIdParams,
  createProductBody,
  productChangedResponse,
  updateProductBody,
  optionAvailabilityBody,
  optionValueParams,
  productIdParams,
} from '../../../shared/contract/catalog.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { type Access, callerOf, holdsEveryBranch } from '../auth/auth.service.ts';
import type { LanguageOf } from '../../http/language.ts';
import { type CatalogService } from './catalog.service.ts';
import { notFound } from '../../http/errors.ts';
import { answerMessage } from '../../http/language.ts';
import type { FastifyRequest } from 'fastify';
import { type BranchId, MAIN_BRANCH_ID } from '../../db/branch.ts';
import type { BranchOf } from '../../http/request-branch.ts';
import { AVAILABILITY_FIELDS } from '../../../shared/contract/catalog.ts';

/** The body's fields other than the sold-out switch's (a branch's own, decision 068). */
function withoutAvailability<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([field]) => !(AVAILABILITY_FIELDS as readonly string[]).includes(field)),
  ) as Partial<T>;
}

/*
 * Menu management's calls (docs/reference/operations.md), registered by catalog.routes.ts after the
 * public reads: admins edit, staff switch availability.
 */

/** What the catalogue's routes are given. */
export interface CatalogRoutesOptions {
  catalog: CatalogService;
  access: Access;
  language: LanguageOf;
  audit: AuditService;
  /** The request's branch: the menu's reads answer what it sells, its staff switch its sold-out. */
  branchOf: BranchOf;
  /** The branch a path names, for a caller who may act there (branch-menu-routes.ts). */
  pathBranch: (request: FastifyRequest, idOrSlug: string) => Promise<BranchId>;
}

const bearer = [{ bearer: [] }];
const writeErrors = errorResponses(400, 401, 403, 404, 409);

export function registerMenuRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  { catalog, access, language, audit, branchOf }: CatalogRoutesOptions,
): void {
  app.post(
    '/api/v1/allProductsData',
    {
      schema: {
        tags: ['menu'],
        operationId: 'createProduct',
        summary: 'Add a dish to the menu (admin)',
        security: bearer,
        body: createProductBody,
        response: { 201: productChangedResponse, ...writeErrors },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request, reply) => {
      const product = await catalog.createProduct(request.body, await language(request));
      return reply
        .status(201)
        .send({ success: true as const, message: answerMessage(request, 'dishHasBeenAddedMenu'), data: product });
    },
  );

  app.patch(
    '/api/v1/allProductsData/:id',
    {
      schema: {
        tags: ['menu'],
        operationId: 'updateProduct',
        summary: 'Change a dish (admin: any field; staff: available and soldOutUntil)',
        security: bearer,
        params: productIdParams,
        body: updateProductBody,
        response: { 200: productChangedResponse, ...writeErrors },
      },
      onRequest: access.requireStaff,
    },
    async (request) => {
      const before = await audit.dishState(request.params.id);
      const caller = callerOf(request);
      // The menu's dishes are the brand's: a branch admin changes what staff may (decision 062).
      const role = caller.role === 'admin' && !holdsEveryBranch(caller) ? 'staff' : caller.role;
      const lang = await language(request);
      const branch = await branchOf(request);
      const { id } = request.params;
      if (branch === MAIN_BRANCH_ID || request.body.available === undefined) {
        const product = await catalog.updateProduct(id, request.body, role, lang);
        await audit.dishChanged(request, id, before);
        return { success: true as const, message: answerMessage(request, 'dishHasBeenUpdated'), data: product };
      }
      // Sold out at another branch is that branch's own (decision 068); the brand's fields, if any, first (their checks refuse before anything is written).
      const others = withoutAvailability(request.body);
      if (Object.keys(others).length > 0) await catalog.updateProduct(id, others, role, lang);
      await catalog.setDishAvailableAt(branch, id, {
        available: request.body.available,
        soldOutUntil: request.body.soldOutUntil,
        key: request.body.key,
      });
      await audit.dishChanged(request, id, before);
      const product = await catalog.productAt(id, lang, branch);
      if (!product) throw notFound('noDish');
      return { success: true as const, message: answerMessage(request, 'dishHasBeenUpdated'), data: product };
    },
  );

  app.patch(
    '/api/v1/allProductsData/:id/options/:valueId',
    {
      schema: {
        tags: ['menu'],
        operationId: 'setOptionAvailability',
        summary: 'Switch one option value of a dish on or off (staff)',
        security: bearer,
        params: optionValueParams,
        body: optionAvailabilityBody,
        response: { 200: productChangedResponse, ...writeErrors },
      },
      onRequest: access.requireStaff,
    },
    async (request) => {
      const before = await audit.dishState(request.params.id);
      const { id, valueId } = request.params;
      const lang = await language(request);
      const branch = await branchOf(request);
      let product;
      if (branch === MAIN_BRANCH_ID) {
        product = await catalog.setOptionAvailable(id, valueId, request.body.available, request.body.key, lang);
      } else {
        await catalog.setValueAvailableAt(branch, id, valueId, request.body.available, request.body.key);
        product = await catalog.productAt(id, lang, branch);
        if (!product) throw notFound('noDish');
      }
      await audit.dishChanged(request, id, before);
      return { success: true as const, message: answerMessage(request, 'dishHasBeenUpdated'), data: product };
    },
  );

  app.delete(
    '/api/v1/allProductsData/:id',
    {
      schema: {
        tags: ['menu'],
        operationId: 'removeProduct',
        summary: 'Take a dish off the menu; records that name it keep their copy (admin)',
        security: bearer,
        params: productIdParams,
        response: { 200: productChangedResponse, ...writeErrors },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request) => {
      const product = await catalog.removeProduct(request.params.id, await language(request));
      return { success: true as const, message: answerMessage(request, 'dishHasBeenRemovedFrom'), data: product };
    },
  );

  app.post(
    '/api/v1/categorys',
    {
      schema: {
        tags: ['menu'],
        operationId: 'createCategory',
        summary: 'Add a category (admin)',
        security: bearer,
        body: categoryBody,
        response: { 201: categoryChangedResponse, ...writeErrors },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request, reply) => {
      const category = await catalog.createCategory(
        request.body.name,
        request.body.translations?.bn?.name ?? '',
        await language(request),
      );
      return reply
        .status(201)
        .send({ success: true as const, message: answerMessage(request, 'categoryHasBeenAdded'), data: category });
    },
  );

  app.patch(
    '/api/v1/categorys/:id',
    {
      schema: {
        tags: ['menu'],
        operationId: 'renameCategory',
        summary: 'Rename a category; its dishes follow (admin)',
        security: bearer,
        params: categoryIdParams,
        body: categoryBody,
        response: { 200: categoryChangedResponse, ...writeErrors },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request) => {
      const category = await catalog.renameCategory(
        request.params.id,
        request.body.name,
        request.body.translations?.bn?.name,
        await language(request),
      );
      return { success: true as const, message: answerMessage(request, 'categoryHasBeenRenamed'), data: category };
    },
  );

  app.delete(
    '/api/v1/categorys/:id',
    {
      schema: {
        tags: ['menu'],
        operationId: 'removeCategory',
        summary: 'Remove an empty category (admin)',
        security: bearer,
        params: categoryIdParams,
        response: { 200: categoryChangedResponse, ...writeErrors },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request) => {
      const category = await catalog.removeCategory(request.params.id, await language(request));
      return { success: true as const, message: answerMessage(request, 'categoryHasBeenRemoved'), data: category };
    },
  );
}
