import { notFound } from '../../http/errors.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRecordParams } from '../../../shared/contract/admin.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { favoriteResponse } from '../../../shared/contract/favorites.ts';
import { orderResponse } from '../../../shared/contract/orders.ts';
import { reportResponse } from '../../../shared/contract/reports.ts';
import {
  deleteUserResponse,
  roleBody,
  roleChangedResponse,
  userIdParams,
  userListResponse,
} from '../../../shared/contract/users.ts';
import { type Access, callerOf } from '../auth/auth.service.ts';
import { type FavoritesService } from '../favorites/favorites.service.ts';
import { type OrdersService } from '../orders/orders.service.ts';
import { type DishReportsService } from '../dish-reports/dish-reports.service.ts';
import { removePhoto } from '../uploads/uploads.service.ts';
import type { ImagesService } from '../images/images.service.ts';
import type { LanguageOf } from '../../http/language.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AccountsService } from './accounts.service.ts';
import { answerMessage } from '../../http/language.ts';

interface AdminRoutesOptions {
  access: Access;
  users: AccountsService;
  orders: OrdersService;
  favorites: FavoritesService;
  reports: DishReportsService;
  images: ImagesService;
  /** The request's language: a removed record's copy names its dish in it (decision 050). */
  language: LanguageOf;
  /** Role changes are kept in the audit trail (decision 056). */
  audit: AuditService;
  /** Whether a branch of this id exists (a role is held at existing branches only). */
  branchExists: (id: number) => Promise<boolean>;
}

const errors = errorResponses(400, 401, 403, 404, 409);
const adminOnly = [{ bearer: [] }];

/**
 * What only administrators do (docs/reference/storefront.md §6, issue 5): list and delete users, and delete one
 * record of one user (404 when it is not that user's).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { access, users, orders, favorites, reports, images, language, audit, branchExists },
) => {
  app.get(
    '/api/v1/users/users',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listUsers',
        summary: 'Every user (admin)',
        security: adminOnly,
        response: { 200: userListResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await users.list() };
    },
  );

  app.patch(
    '/api/v1/users/users/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'changeUserRole',
        summary: 'Make a user a guest, staff or an administrator, at some branches or all (brand admins)',
        security: adminOnly,
        params: userIdParams,
        body: roleBody,
        response: { 200: roleChangedResponse, ...errors },
      },
      onRequest: access.requireBrandAdmin,
    },
    async (request) => {
      for (const id of request.body.branches ?? []) if (!(await branchExists(id))) throw notFound('noSuchBranch');
      const before = await audit.roleOf(request.params.id);
      const user = await users.changeRole(request.params.id, request.body.role, request.body.branches);
      await audit.roleChanged(request, user, before);
      return {
        success: true as const,
        message: answerMessage(request, 'now', {
          v0: user.name,
          v1: user.role === 'admin' ? 'an administrator' : user.role === 'staff' ? 'staff' : 'a guest',
        }),
        data: user,
      };
    },
  );

  app.delete(
    '/api/v1/users/users/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'deleteUser',
        summary: 'Delete a user with all their records (admin)',
        security: adminOnly,
        params: userIdParams,
        response: { 200: deleteUserResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => {
      const user = await users.remove(request.params.id, callerOf(request).id);
      await removePhoto(images, user.user_img, (url) => users.photoInUse(url));
      return {
        success: true as const,
        message: answerMessage(request, 'hasBeenDeleted', { v0: user.name }),
        data: { deletedId: String(user.id), email: user.email },
      };
    },
  );

  app.delete(
    '/api/v1/admin/users/:email/orders/:orderMainId',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminDeleteOrder',
        summary: 'Delete one booking order of a user (admin)',
        security: adminOnly,
        params: adminRecordParams,
        response: { 200: orderResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => {
      const user = await users.byEmailOrThrow(request.params.email);
      const order = await orders.remove(user.id, request.params.orderMainId, await language(request));
      return { success: true as const, message: answerMessage(request, 'orderHasBeenDeleted'), data: order };
    },
  );

  app.delete(
    '/api/v1/admin/users/:email/favorites/:orderMainId',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminDeleteFavorite',
        summary: 'Delete one favourite of a user (admin)',
        security: adminOnly,
        params: adminRecordParams,
        response: { 200: favoriteResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => {
      const user = await users.byEmailOrThrow(request.params.email);
      const favorite = await favorites.remove(user.id, request.params.orderMainId, await language(request));
      return { success: true as const, message: answerMessage(request, 'favouriteHasBeenDeleted'), data: favorite };
    },
  );

  app.delete(
    '/api/v1/admin/users/:email/reports/:orderMainId',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminDeleteReport',
        summary: 'Delete one report of a user (admin)',
        security: adminOnly,
        params: adminRecordParams,
        response: { 200: reportResponse, ...errors },
      },
      onRequest: access.requireAdmin,
    },
    async (request) => {
      const user = await users.byEmailOrThrow(request.params.email);
      const report = await reports.remove(user.id, user.email, request.params.orderMainId, await language(request));
      return { success: true as const, message: answerMessage(request, 'reportHasBeenDeleted'), data: report };
    },
  );
};
