import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from '../audit/audit.service.ts';
import {
  categoryBody,
  categoryChangedResponse,
  categoryIdParams,
  categoryListResponse,
  createProductBody,
  productChangedResponse,
  updateProductBody,
  optionAvailabilityBody,
  optionValueParams,
  popularQuery,
  productIdParams,
  productListQuery,
  productListResponse,
  productResponse,
  searchQuery,
} from '../../../shared/contract/catalog.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { ALL_CATEGORY } from '../../../shared/constants.ts';
import { sendCached } from '../../http/cached-json.ts';
import { notFound } from '../../http/errors.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { LanguageOf } from '../../http/language.ts';
import { type CatalogService } from './catalog.service.ts';
import { answerMessage } from '../../http/language.ts';

/**
 * The public catalogue calls of docs/reference/storefront.md §7. Browsers and proxies keep menu answers but ask
 * again every time (ETag revalidation, a 304 when nothing changed), so a reload never shows
 * an old price.
 */
const MENU_CACHE = 'public, max-age=0, must-revalidate';
/** Cached answers are compressed once per menu version (sendCachedJson), not per request. */
const CACHED = { compress: false, decompress: false } as const;

const bearer = [{ bearer: [] }];
const writeErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * `work` in the request's language, without a promise when the language is known at once; else
 * the promise waits for the reply itself, as sendCached does (a large answer still
 * being compressed would otherwise go out empty).
 */
function inLanguageOf(
  languageOf: LanguageOf,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (language: Language) => Promise<void> | undefined,
): Promise<void> | undefined {
  const language = languageOf(request);
  if (typeof language === 'string') return work(language);
  return language.then(async (known) => {
    await work(known);
    await reply;
  });
}

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  access: Access;
  language: LanguageOf;
  audit: AuditService;
}> = async (app, { catalog, access, language, audit }) => {
  app.get(
    '/api/v1/categorys',
    {
      ...CACHED,
      schema: {
        tags: ['catalogue'],
        operationId: 'listCategories',
        summary: 'Every category of the menu',
        security: [],
        response: { 200: categoryListResponse },
      },
    },
    (request, reply) =>
      inLanguageOf(language, request, reply as FastifyReply, (lang) =>
        sendCached(request, reply, catalog.categories(lang), MENU_CACHE, () => notFound('noCategories')),
      ),
  );

  app.get(
    '/api/v1/allProductsData',
    {
      ...CACHED,
      schema: {
        tags: ['catalogue'],
        operationId: 'listProducts',
        summary: 'The dishes of a category (All Category: every dish)',
        security: [],
        querystring: productListQuery,
        response: { 200: productListResponse, ...errorResponses(400) },
      },
    },
    (request, reply) => {
      const category = request.query.category?.trim();
      const all = category === undefined || category === '' || category === ALL_CATEGORY;
      return inLanguageOf(language, request, reply as FastifyReply, (lang) =>
        sendCached(request, reply, catalog.products(all ? undefined : category, lang), MENU_CACHE, () =>
          notFound('noSuchCategory'),
        ),
      );
    },
  );

  app.get(
    '/api/v1/allProductsData/populler',
    {
      ...CACHED,
      schema: {
        tags: ['catalogue'],
        operationId: 'listPopularProducts',
        summary: 'The popular dishes',
        security: [],
        querystring: popularQuery,
        response: { 200: productListResponse, ...errorResponses(400) },
      },
    },
    (request, reply) =>
      inLanguageOf(language, request, reply as FastifyReply, (lang) =>
        sendCached(request, reply, catalog.popular(lang), MENU_CACHE, () => notFound('noPopularDishes')),
      ),
  );

  app.get(
    '/api/v1/allProductsData/searchData',
    {
      ...CACHED,
      schema: {
        tags: ['catalogue'],
        operationId: 'searchProducts',
        summary: 'Dishes matching a text, best matches first',
        security: [],
        querystring: searchQuery,
        response: { 200: productListResponse, ...errorResponses(400) },
      },
    },
    // Kept per menu version like the other public reads (decision 061); a search always answers a list, never 404.
    (request, reply) =>
      inLanguageOf(language, request, reply as FastifyReply, (lang) =>
        sendCached(request, reply, catalog.search(request.query.searchText, lang), MENU_CACHE, () =>
          notFound('noDishes'),
        ),
      ),
  );

  app.get(
    '/api/v1/allProductsData/:id',
    {
      ...CACHED,
      schema: {
        tags: ['catalogue'],
        operationId: 'getProduct',
        summary: 'One dish by id',
        security: [],
        params: productIdParams,
        response: { 200: productResponse, ...errorResponses(400, 404) },
      },
    },
    (request, reply) =>
      inLanguageOf(language, request, reply as FastifyReply, (lang) =>
        sendCached(request, reply, catalog.product(request.params.id, lang), MENU_CACHE, () => notFound('noDish')),
      ),
  );

  // ——— Menu management (docs/reference/operations.md): admins edit, staff switch availability ———

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
      onRequest: access.requireAdmin,
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
      const product = await catalog.updateProduct(
        request.params.id,
        request.body,
        callerOf(request).role,
        await language(request),
      );
      await audit.dishChanged(request, request.params.id, before);
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
      const product = await catalog.setOptionAvailable(
        request.params.id,
        request.params.valueId,
        request.body.available,
        request.body.key,
        await language(request),
      );
      await audit.dishChanged(request, request.params.id, before);
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
      onRequest: access.requireAdmin,
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
      onRequest: access.requireAdmin,
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
      onRequest: access.requireAdmin,
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
      onRequest: access.requireAdmin,
    },
    async (request) => {
      const category = await catalog.removeCategory(request.params.id, await language(request));
      return { success: true as const, message: answerMessage(request, 'categoryHasBeenRemoved'), data: category };
    },
  );
};
