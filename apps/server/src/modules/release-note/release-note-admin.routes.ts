import {
  PUBLISH_PERMISSION_CODE,
  publishIdParamsSchema,
  releaseNoteAdminInputSchema,
  releaseNoteAdminSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession } from '../../plugins/authenticate';

const security = [{ bearer: [] }];
const tags = ['release notes'];

/** Staff (firmware:publish): create, edit and delete the portal's release notes in both languages. */
export async function releaseNoteAdminRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, PUBLISH_PERMISSION_CODE));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { releaseNoteAdmin, audit } = app.services;
  const staff = (request: FastifyRequest) => audit.actorOf(request);

  routes.get(
    '/api/releaseNote/manage',
    {
      schema: {
        tags,
        summary: 'Every portal release note with its lines in both languages (staff)',
        security,
        response: responses(z.array(releaseNoteAdminSchema), AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await releaseNoteAdmin.list()),
  );

  routes.post(
    '/api/releaseNote/manage',
    {
      schema: {
        tags,
        summary: 'Add a portal release note',
        security,
        body: releaseNoteAdminInputSchema,
        response: responses(releaseNoteAdminSchema, [400, 409, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await releaseNoteAdmin.create(await staff(request), request.body)),
  );

  routes.put(
    '/api/releaseNote/manage/:id',
    {
      schema: {
        tags,
        summary: 'Edit a portal release note (replaces its lines)',
        security,
        params: publishIdParamsSchema,
        body: releaseNoteAdminInputSchema,
        response: responses(releaseNoteAdminSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await releaseNoteAdmin.update(await staff(request), request.params.id, request.body)),
  );

  routes.delete(
    '/api/releaseNote/manage/:id',
    {
      schema: {
        tags,
        summary: 'Delete a portal release note',
        security,
        params: publishIdParamsSchema,
        response: responses(z.null(), [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      await releaseNoteAdmin.remove(await staff(request), request.params.id);
      return ok(request, null);
    },
  );
}
