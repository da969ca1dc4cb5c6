import {
  ADVISORY_TLPS,
  advisoryParamsSchema,
  type AdvisoryTlp,
  downloadTicketSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { readerFor } from './advisory.routes';
import { CSAF_ROOT } from './csaf-paths';

const DOCUMENT_PATH = new RegExp(
  `^${CSAF_ROOT}/(${ADVISORY_TLPS.join('|').toLowerCase()})/(\\d{4})/([^/]+)$`,
);

/**
 * CSAF tickets (issue 42 §2): the console's "CSAF JSON", signature and hash links of a TLP:GREEN
 * or AMBER advisory are opened by the browser, which cannot send the session's Authorization
 * header, and the session token must never travel in a URL. So the signed-in console asks for a
 * download ticket first: bound to me, my session and this advisory's current document, for
 * minutes (DOWNLOAD_TICKET_TTL_SECONDS), issued only when I may read the document now.
 */
export async function csafTicketRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { advisoryReader, csafDistribution, downloadTickets } = app.services;
  routes.post(
    '/api/advisories/:advisoryId/csaf/ticket',
    {
      schema: {
        tags: ['advisories'],
        summary:
          "A ticket for the advisory's current CSAF document (its .json, .asc, .sha256 and .sha512): a link valid for minutes, bound to me and this session",
        security: [{ bearer: [] }],
        params: advisoryParamsSchema,
        response: responses(downloadTicketSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { userId, sessionId } = sessionOf(request);
      const reader = await readerFor(app, userId);
      // The same check as the page: an advisory I may not read is not found.
      const detail = await advisoryReader.detail(reader, request.params.advisoryId, request.locale);
      const [, label, year, fileName] = DOCUMENT_PATH.exec(detail.csaf.json) ?? [];
      const found =
        label && year && fileName
          ? await csafDistribution.file(label.toUpperCase() as AdvisoryTlp, year, fileName, reader)
          : undefined;
      if (!found) throw new AppError('ADVISORY_NOT_FOUND');
      const { ticket, expiresAt } = await downloadTickets.issue(userId, sessionId, {
        kind: 'csaf',
        id: found.pk,
      });
      return ok(request, {
        url: `${detail.csaf.json}?ticket=${ticket}`,
        ticket,
        expiresAt: expiresAt.toISOString(),
      });
    },
  );
}
