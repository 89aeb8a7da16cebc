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
import { sendCachedJson } from '../../http/cached-json.ts';
import { notFound } from '../../http/errors.ts';
import type { CatalogService } from './catalog.service.ts';

/**
 * The public catalogue calls of SPEC.md §7. Browsers and proxies keep menu answers but ask
 * again every time (ETag revalidation, a 304 when nothing changed), so a reload never shows
 * an old price.
 */
const MENU_CACHE = 'public, max-age=0, must-revalidate';
/** Cached answers are compressed once per menu version (sendCachedJson), not per request. */
const CACHED = { compress: false, decompress: false } as const;

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/api/v1/categorys',
    { ...CACHED, schema: { tags: ['catalogue'], operationId: 'listCategories', summary: 'Every category of the menu', security: [], response: { 200: categoryListResponse } } },
    async (request, reply) => {
      const answer = await catalog.categories();
      if (!answer) throw notFound('No categories');
      return sendCachedJson(request, reply, answer, MENU_CACHE);
    },
  );

  app.get(
    '/api/v1/allProductsData',
    { ...CACHED, schema: { tags: ['catalogue'], operationId: 'listProducts', summary: 'The dishes of a category (All Category: every dish)', security: [], querystring: productListQuery, response: { 200: productListResponse, ...errorResponses(400) } } },
    async (request, reply) => {
      const category = request.query.category?.trim();
      const all = category === undefined || category === '' || category === ALL_CATEGORY;
      const answer = await catalog.products(all ? undefined : category);
      if (!answer) throw notFound('No such category');
      return sendCachedJson(request, reply, answer, MENU_CACHE);
    },
  );

  app.get(
    '/api/v1/allProductsData/populler',
    { ...CACHED, schema: { tags: ['catalogue'], operationId: 'listPopularProducts', summary: 'The popular dishes', security: [], querystring: popularQuery, response: { 200: productListResponse, ...errorResponses(400) } } },
    async (request, reply) => {
      const answer = await catalog.popular();
      if (!answer) throw notFound('No popular dishes');
      return sendCachedJson(request, reply, answer, MENU_CACHE);
    },
  );

  app.get(
    '/api/v1/allProductsData/searchData',
    { schema: { tags: ['catalogue'], operationId: 'searchProducts', summary: 'Dishes matching a text, best matches first', security: [], querystring: searchQuery, response: { 200: productListResponse, ...errorResponses(400) } } },
    async (request, reply) => {
      reply.header('cache-control', MENU_CACHE);
      return { data: await catalog.search(request.query.searchText) };
    },
  );

  app.get(
    '/api/v1/allProductsData/:id',
    { ...CACHED, schema: { tags: ['catalogue'], operationId: 'getProduct', summary: 'One dish by id', security: [], params: productIdParams, response: { 200: productResponse, ...errorResponses(400, 404) } } },
    async (request, reply) => {
      const answer = await catalog.product(request.params.id);
      if (!answer) throw notFound('No dish with this id');
      return sendCachedJson(request, reply, answer, MENU_CACHE);
    },
  );
};
