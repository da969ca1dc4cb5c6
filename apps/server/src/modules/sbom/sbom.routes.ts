import {
  PUBLISH_PERMISSION_CODE,
  publishIdParamsSchema,
  SBOM_MAX_BYTES,
  sbomSearchQuerySchema,
  sbomSearchResultSchema,
  sbomSummarySchema,
  sbomVersionParamsSchema,
  versionSbomSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, recordRouteSchema, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { auditRequest } from '../audit/audit.service';
import { optionalUserId, type TicketRequest } from '../downloads/download-auth';

const security: Record<string, string[]>[] = [{}, { bearer: [] }];
const tokenQuerySchema = z.object({
  ticket: z.string().max(64).optional(),
  token: z.string().max(512).optional(),
});

/**
 * A version's SBOM for whoever may download its file: anonymous for public items, else Bearer, a
 * personal access token or the version's download ticket (the very check of the download).
 */
export async function sbomDownloadRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, sboms, store } = app.services;
  const viewerOf = async (request: TicketRequest & { params: { versionId: number } }) =>
    catalog.viewerOf(await optionalUserId(app, request, { kind: 'version', id: request.params.versionId }));

  routes.get(
    '/api/downloads/:versionId/sbom',
    {
      config: { tokenScope: 'download' },
      schema: {
        tags: ['downloads'],
        summary:
          "The version's SBOM (CycloneDX or SPDX JSON), under the file's access rules; ETag = quoted SHA-256",
        security,
        params: sbomVersionParamsSchema,
        querystring: tokenQuerySchema,
      },
    },
    async (request, reply) => {
      const sbom = await sboms.visible(await viewerOf(request), request.params.versionId);
      const etag = `"${sbom.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', attachmentDisposition(sbom.fileName))
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .type(sbom.format === 'spdx' ? 'application/spdx+json' : 'application/vnd.cyclonedx+json')
        .send(await store.open(sbom.storageKey));
    },
  );

  routes.get(
    '/api/catalog/versions/:versionId/sbom',
    {
      config: { tokenScope: 'catalog:read' },
      schema: {
        tags: ['catalogue'],
        summary: "The version's SBOM for the version drawer: format, hash, components and licences",
        security,
        params: sbomVersionParamsSchema,
        querystring: tokenQuerySchema,
        response: responses(versionSbomSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await sboms.forDrawer(await viewerOf(request), request.params.versionId)),
  );
}

const versionRoute = recordRouteSchema({
  tags: ['publishing'],
  security: [{ bearer: [] }],
  params: publishIdParamsSchema,
});

/** Reads the multipart field `sbom`, at most SBOM_MAX_BYTES (one byte more is refused, unparsed). */
async function uploadedSbom(request: FastifyRequest): Promise<Buffer> {
  const required = () => AppError.invalidFields([{ field: 'sbom', messageKey: 'FIELD_REQUIRED' }]);
  if (!request.isMultipart()) throw required();
  const part = await request
    .file({ limits: { fileSize: SBOM_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 } })
    .catch((error: unknown) => {
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : required();
    });
  if (!part || part.fieldname !== 'sbom') throw required();
  const bytes = await part.toBuffer().catch((error: unknown) => {
    throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
  });
  if (part.file.truncated || bytes.length > SBOM_MAX_BYTES) throw tooLarge();
  return bytes;
}

const tooLarge = () => new AppError('FILE_TOO_LARGE', { params: { maxMb: SBOM_MAX_BYTES / 1024 / 1024 } });

/** Staff (inside publishingRoutes: session and firmware:publish checked first): attach, read, remove. */
export async function sbomPublishingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { sboms } = app.services;

  routes.put(
    '/api/publishing/versions/:id/sbom',
    {
      schema: {
        ...versionRoute(
          'Attach (or replace) the SBOM of a version: multipart field `sbom`, CycloneDX 1.6/1.5 JSON (schema and TR-03183-2 essentials checked; the file SHA-512 filled in when missing) or SPDX 2.3 JSON',
          { answer: sbomSummarySchema, alsoFails: [413, 429] },
        ),
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      let bytes: Buffer;
      try {
        bytes = await uploadedSbom(request);
      } catch (error) {
        // A refused upload may still be sending bytes: do not keep reading them.
        reply.header('connection', 'close');
        throw error;
      }
      const summary = await sboms.attach(request.params.id, bytes, sessionOf(request).userId);
      await auditRequest(
        app,
        request,
        'version.sbom',
        { type: 'version', id: request.params.id },
        {
          format: summary.format,
          specVersion: summary.specVersion,
          sha256: summary.sha256,
          components: summary.components,
          sha512Filled: summary.sha512Filled,
        },
      );
      return ok(request, summary);
    },
  );

  routes.get(
    '/api/publishing/versions/:id/sbom',
    { schema: versionRoute("The version's SBOM summary (any status)", { answer: sbomSummarySchema }) },
    async (request) => ok(request, await sboms.summary(request.params.id)),
  );

  routes.delete(
    '/api/publishing/versions/:id/sbom',
    { schema: versionRoute("Remove the version's SBOM", { answer: z.null() }) },
    async (request) => {
      await sboms.detach(request.params.id);
      await auditRequest(app, request, 'version.sbomRemove', { type: 'version', id: request.params.id });
      return ok(request, null);
    },
  );
}

/** Who may search SBOMs: publishers, and the PSIRT who triage advisories (VEX) without publishing. */
export const SBOM_SEARCH_PERMISSIONS = [PUBLISH_PERMISSION_CODE, 'advisory:write'];

/** Staff search of the SBOM index: "which versions contain component X in versions Y". */
export async function sbomSearchRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { sboms, access } = app.services;
  app.addHook('onRequest', async (request) => {
    const { userId } = sessionOf(request);
    for (const code of SBOM_SEARCH_PERMISSIONS) if (await access.hasPermission(userId, code)) return;
    throw new AppError('NO_PERMISSION_RESOURCE', { params: { path: request.url.split('?')[0] ?? '' } });
  });

  routes.get(
    '/api/staff/sbom/search',
    {
      schema: {
        tags: ['publishing', 'advisories'],
        summary:
          'Which versions contain a component (purl, CPE or name) in a version range (gte/gt/lte/lt, the catalogue version order): VEX triage',
        security: [{ bearer: [] }],
        querystring: sbomSearchQuerySchema,
        response: responses(sbomSearchResultSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { purl, cpe, name, gte, gt, lte, lt, allStatuses } = request.query;
      const identifier = purl !== undefined ? { purl } : cpe !== undefined ? { cpe } : { name: name ?? '' };
      return ok(
        request,
        await sboms.findVersionsContaining({ ...identifier, range: { gte, gt, lte, lt }, allStatuses }),
      );
    },
  );
}
