import {
  publishIdParamsSchema,
  publishNotesInputSchema,
  publishPreReleaseSchema,
  publishVersionDetailSchema,
  publishVersionSchema,
  recallInputSchema,
  recallResultSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { recordRouteSchema } from '../../lib/route-schemas';
import { auditRequest } from '../audit/audit.service';

const security = [{ bearer: [] }];
const tags = ['publishing'];
const versionRoute = recordRouteSchema({ tags, security, params: publishIdParamsSchema });

/** A version's life after upload: detail, publish, recall, delete a draft, release notes. */
export async function publishingVersionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { publishVersions } = app.services;

  routes.get(
    '/api/publishing/versions/:id',
    {
      schema: versionRoute('One version with its release notes in both languages', {
        answer: publishVersionDetailSchema,
      }),
    },
    async (request) => ok(request, await publishVersions.detail(request.params.id)),
  );

  routes.post(
    '/api/publishing/versions/:id/publish',
    {
      schema: versionRoute('Publish a draft: customers who may see the item can download it from now on', {
        answer: publishVersionSchema,
        alsoFails: [409],
      }),
    },
    async (request) => {
      const version = await publishVersions.publish(request.params.id);
      await auditRequest(
        app,
        request,
        'version.publish',
        { type: 'version', id: version.id },
        { version: version.version, itemId: version.itemId },
      );
      return ok(request, version);
    },
  );

  routes.post(
    '/api/publishing/versions/:id/recall',
    {
      schema: versionRoute(
        'Recall a published version (downloads stop; history and download records stay); optionally notify its downloaders',
        { body: recallInputSchema, answer: recallResultSchema, alsoFails: [409] },
      ),
    },
    async (request) => {
      const result = await publishVersions.recall(request.params.id, request.body);
      await auditRequest(
        app,
        request,
        'version.recall',
        { type: 'version', id: request.params.id },
        { reason: request.body.reason, notified: result.notified },
      );
      return ok(request, result);
    },
  );

  routes.put(
    '/api/publishing/versions/:id/pre-release',
    {
      schema: versionRoute(
        'Mark a version as a pre-release (early access: never resolved as the newest unless asked) or as a release',
        { body: publishPreReleaseSchema, answer: publishVersionSchema },
      ),
    },
    async (request) => {
      const version = await publishVersions.setPreRelease(request.params.id, request.body.preRelease);
      await auditRequest(
        app,
        request,
        'version.preRelease',
        { type: 'version', id: version.id },
        { version: version.version, preRelease: version.preRelease },
      );
      return ok(request, version);
    },
  );

  routes.delete(
    '/api/publishing/versions/:id',
    {
      schema: versionRoute('Delete a draft and its file (published and recalled versions stay for history)', {
        answer: z.null(),
        alsoFails: [409],
      }),
    },
    async (request) => {
      await publishVersions.deleteDraft(request.params.id);
      await auditRequest(app, request, 'version.deleteDraft', { type: 'version', id: request.params.id });
      return ok(request, null);
    },
  );

  routes.put(
    '/api/publishing/versions/:id/notes',
    {
      schema: versionRoute(
        'Replace the NEW (1) / OPTIMIZE (2) / HOTFIX (3) lists and the rich-text bodies (sanitised) of a version',
        { body: publishNotesInputSchema, answer: publishVersionDetailSchema },
      ),
    },
    async (request) => {
      const detail = await publishVersions.replaceNotes(request.params.id, request.body);
      await auditRequest(app, request, 'version.notes', { type: 'version', id: request.params.id });
      return ok(request, detail);
    },
  );
}
