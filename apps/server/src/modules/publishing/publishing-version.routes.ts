import {
  type AuditAction,
  publishIdParamsSchema,
  publishNotesInputSchema,
  publishPreReleaseSchema,
  publishUpdatePlanSchema,
  publishVersionDetailSchema,
  publishVersionSchema,
  recallInputSchema,
  recallResultSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { recordRouteSchema } from '../../lib/route-schemas';
import { auditRequest } from '../audit/audit.service';
import { prerequisiteError, validationIssues } from './update-plan';

const security = [{ bearer: [] }];
const tags = ['publishing'];
const versionRoute = recordRouteSchema({ tags, security, params: publishIdParamsSchema });

/** A version's life after upload: detail, publish, recall, delete a draft, release notes. */
export async function publishingVersionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { publishVersions } = app.services;
  /** Every change here is audited on the version in the path, after it is made and before it is answered. */
  const audited = async <Answer>(
    request: FastifyRequest & { params: { id: number } },
    action: AuditAction,
    answer: Answer,
    detail?: Record<string, unknown>,
  ) => {
    await auditRequest(app, request, action, { type: 'version', id: request.params.id }, detail);
    return ok(request, answer);
  };

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
      return audited(request, 'version.publish', version, {
        version: version.version,
        itemId: version.itemId,
      });
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
      if (result.securityFixRemoval)
        await auditRequest(
          app,
          request,
          'version.removeSecurityFix',
          { type: 'version', id: result.version.id },
          {
            version: result.version.version,
            releaseDate: result.version.releaseDate,
            reason: request.body.securityFixReason,
          },
        );
      return audited(request, 'version.recall', result, {
        reason: request.body.reason,
        notified: result.notified,
      });
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
      return audited(request, 'version.preRelease', version, {
        version: version.version,
        preRelease: version.preRelease,
      });
    },
  );

  routes.put(
    '/api/publishing/versions/:id/update-plan',
    {
      schema: versionRoute(
        'Set what installing a version needs: reboot required, prerequisites (at most 8 components at a minimum version) and its install order in a bundle (null: the kind default)',
        { body: publishUpdatePlanSchema, answer: publishVersionSchema },
      ),
      // Wrong prerequisites are answered with their own code, in the reader's language.
      attachValidation: true,
    },
    async (request) => {
      const invalid = request.validationError;
      if (invalid) {
        const validation =
          'validation' in invalid && Array.isArray(invalid.validation) ? invalid.validation : [];
        throw prerequisiteError(validationIssues(validation)) ?? invalid;
      }
      const version = await publishVersions.setUpdatePlan(request.params.id, request.body);
      return audited(request, 'version.updatePlan', version, {
        version: version.version,
        rebootRequired: version.rebootRequired,
        prerequisites: version.prerequisites,
        installOrder: version.installOrder,
      });
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
      return audited(request, 'version.deleteDraft', null);
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
    async (request) =>
      audited(request, 'version.notes', await publishVersions.replaceNotes(request.params.id, request.body)),
  );
}
