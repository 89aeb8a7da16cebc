import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, unauthorized } from '../../http/errors.ts';
import { type Identity, identitySession } from '../auth/auth.service.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { uploadResponse } from '../../../shared/contract/uploads.ts';
import type { ImagesService } from '../images/images.service.ts';
import { MAX_PHOTO_BYTES, storePhoto } from './uploads.service.ts';

/**
 * POST /api/v1/uploads: the spec's image host, on our own server. Multipart field
 * `image`; answers data.display_url. Needs an identity session (sign-up uploads the
 * photo right after creating the account, before any access token exists).
 */
export async function uploadsRoutes(
  app: FastifyInstance,
  options: { identity: Identity; images: ImagesService },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/v1/uploads',
    {
      schema: {
        tags: ['uploads'],
        operationId: 'uploadPhoto',
        summary: 'Upload a profile photo (multipart field image); answers its URL',
        security: [{ identitySession: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponse, ...errorResponses(400, 401, 413, 415, 429) },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const session = await identitySession(options.identity, request);
      if (!session) throw unauthorized('pleaseSignBeforeUploadingPhoto');
      if (!request.isMultipart()) throw new HttpError(415, 'sendPhotoMultipartFormData');
      let buffer: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'image' && buffer === undefined) {
            buffer = await part.toBuffer();
          } else if (part.type === 'file') {
            await part.toBuffer();
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'photoMostMB', { v0: MAX_PHOTO_BYTES / 1024 / 1024 });
        // Anything else here is the form itself (cut off before its closing boundary, malformed
        // parts, too many of them): the client's fault, not ours.
        request.log.debug({ err: error }, 'unreadable multipart upload');
        throw badRequest('uploadCouldNotReadSend');
      }
      if (!buffer || buffer.length === 0) throw badRequest('choosePhotoUploadFieldImage');
      const url = await storePhoto(options.images, buffer);
      return reply.status(201).send({ success: true as const, data: { display_url: url } });
    },
  );
}
