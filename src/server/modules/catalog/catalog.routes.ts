import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryListResponse,
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
import type { Language } from '../../../shared/i18n/languages.ts';
import type { LanguageOf } from '../../http/language.ts';
import { type CatalogRoutesOptions, registerMenuRoutes } from './menu-routes.ts';
import { registerBranchMenuRoutes } from './branch-menu-routes.ts';
import type { BranchId } from '../../db/branch.ts';

/**
 * The public catalogue calls of docs/reference/storefront.md §7. Browsers and proxies keep menu answers but ask
 * again every time (ETag revalidation, a 304 when nothing changed), so a reload never shows
 * an old price.
 */
const MENU_CACHE = 'public, max-age=0, must-revalidate';
/** Cached answers are compressed once per menu version (sendCachedJson), not per request. */
const CACHED = { compress: false, decompress: false } as const;

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

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, options) => {
  const { catalog, language, branchOf } = options;
  /** `work` at the request's branch (what it sells, decision 068) and in its language; the reply once sent. */
  const atBranch = async (
    request: FastifyRequest,
    reply: FastifyReply,
    work: (language: Language, branch: BranchId) => Promise<void> | undefined,
  ): Promise<void> => {
    const branch = await branchOf(request);
    await inLanguageOf(language, request, reply, (lang) => work(lang, branch));
    await reply;
  };
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
      return atBranch(request, reply as FastifyReply, (lang, branch) =>
        sendCached(request, reply, catalog.products(all ? undefined : category, lang, branch), MENU_CACHE, () =>
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
      atBranch(request, reply as FastifyReply, (lang, branch) =>
        sendCached(request, reply, catalog.popular(lang, branch), MENU_CACHE, () => notFound('noPopularDishes')),
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
    // A search for other words at the same branch, in the same language, is made by the replay
    // cache without Fastify once this one is kept (decision 071): the same validation, the same answer.
    (request, reply) =>
      atBranch(request, reply as FastifyReply, (lang, branch) =>
        sendCached(
          request,
          reply,
          catalog.search(request.query.searchText, lang, branch),
          MENU_CACHE,
          () => notFound('noDishes'),
          {
            varies: 'searchText',
            answer: (searchText) => {
              const query = searchQuery.safeParse({ searchText });
              return query.success ? catalog.search(query.data.searchText, lang, branch) : undefined;
            },
          },
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
      atBranch(request, reply as FastifyReply, (lang, branch) =>
        sendCached(request, reply, catalog.product(request.params.id, lang, branch), MENU_CACHE, () =>
          notFound('noDish'),
        ),
      ),
  );

  // ——— Menu management (docs/reference/operations.md): admins edit, staff switch availability ———
  registerMenuRoutes(app, options);
  registerBranchMenuRoutes(app, options);
};
