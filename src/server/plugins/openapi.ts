import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The contract as OpenAPI, generated from the same zod schemas the routes validate with, and its page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Restaurant storefront API',
        version: '1',
        description:
          'The /api/v1 calls of docs/reference/storefront.md §7 and docs/reference/operations.md. Identity lives under /api/auth (Better Auth).',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      servers: [{ url: publicUrl, description: 'This server (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of GET /api/v1/users/jwt',
          },
          identitySession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description: 'The identity session of /api/auth (sign-in)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
