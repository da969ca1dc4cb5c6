import multipart from '@fastify/multipart';
import {
  PCIE_LOOKUP_MAX_VALUES,
  PCIE_UPLOAD_MAX_BYTES,
  PCIE_UPLOAD_MAX_VALUES,
  PCIE_VALUES_MAX_CHARS,
  pcieExportQuerySchema,
  pcieLookupBodySchema,
  pcieLookupResultSchema,
  pcieUploadQuerySchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { pcieResultCsv } from './pcie-csv';
import { checkLookupValues, parseLookupValues } from './pcie-lookup.service';
import { uploadedText } from './uploaded-text';

const security = [{ bearer: [] }];
const tags = ['catalogue'];

/** PCIe firmware lookup by SN or PN: typed values, a .txt list, and the CSV export. */
export async function pcieRoutes(app: FastifyInstance) {
  await requireSession(app);
  // One more byte than allowed, so "too large" is told apart from "exactly the limit".
  await app.register(multipart, {
    limits: { fileSize: PCIE_UPLOAD_MAX_BYTES + 1, files: 1, fields: 0, parts: 2 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, pcie } = app.services;
  const viewer = (request: FastifyRequest) => catalog.viewerOf(sessionOf(request).userId);

  routes.post(
    '/api/catalog/pcie/lookup',
    {
      config: { tokenScope: 'catalog:read' },
      schema: {
        tags,
        summary: `PCIe firmware by SN (installed cards) or by PN; at most ${PCIE_LOOKUP_MAX_VALUES} comma-separated values`,
        security,
        body: pcieLookupBodySchema,
        response: responses(pcieLookupResultSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { by } = request.body;
      const values = parseLookupValues(request.body.values);
      checkLookupValues(by, values, PCIE_LOOKUP_MAX_VALUES);
      return ok(request, await pcie.lookup(await viewer(request), by, values, request.locale));
    },
  );

  routes.post(
    '/api/catalog/pcie/lookup/upload',
    {
      schema: {
        tags,
        summary: `The same lookup from a .txt list (field \`file\`, one value per line or comma separated, at most ${PCIE_UPLOAD_MAX_VALUES} values); only the first 100 SNs are answered`,
        security,
        consumes: ['multipart/form-data'],
        querystring: pcieUploadQuerySchema,
        response: responses(pcieLookupResultSchema, [400, 413, 415, ...AUTH_ERRORS]),
      },
      config: { tokenScope: 'catalog:read', rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) => {
      const { by } = request.query;
      const values = parseLookupValues(await uploadedText(request));
      checkLookupValues(by, values, PCIE_UPLOAD_MAX_VALUES);
      return ok(request, await pcie.lookup(await viewer(request), by, values, request.locale));
    },
  );

  routes.get(
    '/api/catalog/pcie/lookup/export',
    {
      // An uploaded list of up to PCIE_UPLOAD_MAX_VALUES values is exported through this link.
      config: { tokenScope: 'catalog:read', maxQueryChars: PCIE_VALUES_MAX_CHARS },
      schema: {
        tags,
        summary: 'The lookup result as CSV (UTF-8 with BOM for Excel), every SN included',
        security,
        querystring: pcieExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { by } = request.query;
      const values = parseLookupValues(request.query.values);
      checkLookupValues(by, values, PCIE_UPLOAD_MAX_VALUES);
      const result = await pcie.lookup(await viewer(request), by, values, request.locale, values.length);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pcie-firmware-by-${by}.csv"`)
        .header('cache-control', 'no-store')
        .send(pcieResultCsv(result, request.locale));
    },
  );
}
