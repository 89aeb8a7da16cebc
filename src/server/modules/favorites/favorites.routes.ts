import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailBody, emailQuery, errorResponses } from '../../../shared/contract/common.ts';
import { favoriteDishParams, favoriteEntryBody, favoriteResponse } from '../../../shared/contract/favorites.ts';
import { type Access, assertActsForSelf, callerOf } from '../auth/auth.service.ts';
import type { LanguageOf } from '../../http/language.ts';
import { type FavoritesService } from './favorites.service.ts';
import { answerMessage } from '../../http/language.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A guest's favourites (docs/reference/storefront.md §7): add and remove, only for the token's owner. */
export const favoritesRoutes: FastifyPluginAsyncZod<{
  favorites: FavoritesService;
  access: Access;
  language: LanguageOf;
}> = async (app, { favorites, access, language }) => {
  app.patch(
    '/api/v1/users/favorites',
    {
      schema: {
        tags: ['favorites'],
        operationId: 'addFavorite',
        summary: 'Add a dish to the caller’s favourites (Pending)',
        security: [{ bearer: [] }],
        querystring: emailQuery,
        body: favoriteEntryBody,
        response: { 200: favoriteResponse, 201: favoriteResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      assertActsForSelf(caller, request.query.email, body.userGmail);
      const { favorite, created } = await favorites.add(
        caller.id,
        body.orderId,
        body.orderQuantity ?? 1,
        await language(request),
      );
      if (!created)
        return { success: true as const, message: answerMessage(request, 'dishAlreadyYourFavourites'), data: favorite };
      return reply
        .status(201)
        .send({ success: true as const, message: answerMessage(request, 'addedYourFavourites'), data: favorite });
    },
  );

  app.put(
    '/api/v1/users/favorites/:id',
    {
      schema: {
        tags: ['favorites'],
        operationId: 'removeFavoriteOfDish',
        summary: 'Remove the caller’s favourite of a dish ({id} is the dish id)',
        security: [{ bearer: [] }],
        params: favoriteDishParams,
        body: emailBody,
        response: { 200: favoriteResponse, ...errors },
      },
      onRequest: access.authenticate,
    },
    async (request) => {
      const caller = callerOf(request);
      assertActsForSelf(caller, request.body.email);
      const favorite = await favorites.removeOfDish(caller.id, request.params.id, await language(request));
      return { success: true as const, message: answerMessage(request, 'removedFromYourFavourites'), data: favorite };
    },
  );
};
