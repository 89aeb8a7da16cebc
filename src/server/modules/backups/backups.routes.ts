import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusResponse } from '../../../shared/contract/backups.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import type { Access } from '../auth/auth.service.ts';
import type { BackupsService } from './backups.service.ts';

/** The last good backup and the last failure, for the owner's dashboard (admin). */
export const backupsRoutes: FastifyPluginAsyncZod<{ backups: BackupsService; access: Access }> = async (
  app,
  { backups, access },
) => {
  app.get(
    '/api/v1/dashboard/backups',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'backupStatus',
        summary: 'The last good backup of the database, its time and size, and the last failure (admin)',
        security: [{ bearer: [] }],
        response: { 200: backupStatusResponse, ...errorResponses(401, 403) },
      },
      onRequest: access.requireAdmin,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: backups.status() };
    },
  );
};
