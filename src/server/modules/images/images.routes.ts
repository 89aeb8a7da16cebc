import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_DISH_IMAGE_BYTES } from '../../../shared/constants.ts';
import { imageUploadResponse } from '../../../shared/contract/catalog.ts';
import { errorResponses } from '../../../shared/contract/common.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import type { Access } from '../auth/auth.service.ts';
import type { ImagesService } from './images.service.ts';

const YEAR = 31_536_000;
const imageNameParams = z.object({
  name: z.string().regex(/^[a-z0-9-]{1,80}-(320|640|1024)\.webp$/, 'not a picture name'),
});
const photoNameParams = z.object({ name: z.string().regex(/^[a-f0-9-]{36}\.webp$/, 'not a photo name') });

/**
 * POST /api/v1/images (admin, multipart field `image`) and the pictures it stores, served
 * from the database by any app server under immutable URLs.
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService; access: Access }> = async (
  app,
  { images, access },
) => {
  await app.register(multipart, {
    // One byte over the limit is enough to know it is too big.
    limits: { fileSize: MAX_DISH_IMAGE_BYTES + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/v1/images',
    {
      schema: {
        tags: ['menu'],
        operationId: 'uploadDishPicture',
        summary: 'Upload a dish picture (multipart field image); stored as WebP 320, 640 and 1024 px wide (admin)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: imageUploadResponse, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
      onRequest: access.requireAdmin,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'sendPictureMultipartFormData');
      let buffer: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'image' && buffer === undefined)
            buffer = await part.toBuffer();
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'pictureMostMB', { v0: MAX_DISH_IMAGE_BYTES / 1024 / 1024 });
        request.log.debug({ err: error }, 'unreadable multipart upload');
        throw badRequest('uploadCouldNotReadSend');
      }
      if (!buffer || buffer.length === 0) throw badRequest('choosePictureUploadFieldImage');
      const stored = await images.storeDishPicture(buffer);
      return reply.status(201).send({ success: true as const, data: stored });
    },
  );

  /** A stored file, served with a year of caching: its name is its content, so it never changes. */
  async function serve(name: string, etag: string, reply: FastifyReply) {
    const image = await images.read(name);
    if (!image) throw notFound('noSuchPicture');
    return reply
      .header('cache-control', `public, max-age=${YEAR}, immutable`)
      .header('etag', `"${etag}"`)
      .type(image.content_type)
      .send(Buffer.from(image.body));
  }

  app.get('/images/dishes/:name', { schema: { hide: true, params: imageNameParams } }, (request, reply) =>
    serve(request.params.name, request.params.name, reply),
  );
  // Profile photos (POST /api/v1/uploads), stored as uploads/<name>.
  app.get('/images/uploads/:name', { schema: { hide: true, params: photoNameParams } }, (request, reply) =>
    serve(`uploads/${request.params.name}`, request.params.name, reply),
  );
};
