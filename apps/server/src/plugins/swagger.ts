import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the zod route schemas; UI at /api/docs, JSON at /api/docs/json. */
export const swaggerPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Firmware & Software Download Portal API', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A console session token (POST /api/login). Not for scripts: use a personal access token.',
          },
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'fwp_…',
            description:
              'A personal access token (Account settings -> API tokens), `Authorization: Bearer fwp_…`. Accepted only by the operations whose description names a token scope (catalog:read, download, tasks, licences); every answer carries RateLimit-Limit/-Remaining/-Reset/-Policy, and 429 with Retry-After when a quota is used up (docs/AUTOMATION.md).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { persistAuthorization: false } });
});
