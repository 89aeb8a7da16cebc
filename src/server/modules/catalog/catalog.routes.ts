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
import { notFound } from '../../http-errors.ts';
import type { CatalogService } from './catalog.service.ts';

/** The public catalogue calls of SPEC.md §7. Menu reads may be cached briefly by browsers and proxies. */
const MENU_CACHE = 'public, max-age=60, stale-while-revalidate=300';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && reply.statusCode === 200) reply.header('cache-control', MENU_CACHE);
    return payload;
  });

  app.get(
    '/api/v1/categorys',
    { schema: { tags: ['catalogue'], operationId: 'listCategories', summary: 'Every category of the menu', security: [], response: { 200: categoryListResponse } } },
    async () => ({ data: await catalog.listCategories() }),
  );

  app.get(
    '/api/v1/allProductsData',
    { schema: { tags: ['catalogue'], operationId: 'listProducts', summary: 'The dishes of a category (All Category: every dish)', security: [], querystring: productListQuery, response: { 200: productListResponse, ...errorResponses(400) } } },
    async (request) => {
      const category = request.query.category?.trim();
      const all = category === undefined || category === '' || category === ALL_CATEGORY;
      return { data: await catalog.listProducts(all ? undefined : category) };
    },
  );

  app.get(
    '/api/v1/allProductsData/populler',
    { schema: { tags: ['catalogue'], operationId: 'listPopularProducts', summary: 'The popular dishes', security: [], querystring: popularQuery, response: { 200: productListResponse, ...errorResponses(400) } } },
    async () => ({ data: await catalog.listPopular() }),
  );

  app.get(
    '/api/v1/allProductsData/searchData',
    { schema: { tags: ['catalogue'], operationId: 'searchProducts', summary: 'Dishes matching a text, best matches first', security: [], querystring: searchQuery, response: { 200: productListResponse, ...errorResponses(400) } } },
    async (request) => ({ data: await catalog.search(request.query.searchText) }),
  );

  app.get(
    '/api/v1/allProductsData/:id',
    { schema: { tags: ['catalogue'], operationId: 'getProduct', summary: 'One dish by id', security: [], params: productIdParams, response: { 200: productResponse, ...errorResponses(400, 404) } } },
    async (request) => {
      const product = await catalog.findProduct(request.params.id);
      if (!product) throw notFound('No dish with this id');
      return { data: product };
    },
  );
};
