import {
  type Art14Case,
  art14CandidateSchema,
  art14CaseIdSchema,
  art14CaseInputSchema,
  art14CaseSchema,
  art14ExportQuerySchema,
  art14ExportSchema,
  art14OpenSchema,
  art14SubmissionInputSchema,
  PSIRT_PERMISSION,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, listRouteSchema, recordRouteSchema, responses } from '../../lib/route-schemas';
import { permittedRoutes, sessionOf } from '../../plugins/authenticate';
import { auditRequest } from '../audit/audit.service';
import { recordAuditor } from '../audit/record-auditor';

const security = [{ bearer: [] }];
const tags = ['psirt'];
const caseRoute = recordRouteSchema({ tags, security, params: art14CaseIdSchema });
const listRoute = listRouteSchema({ tags, security });

/**
 * CRA Art. 14 reporting (issue 43 §3), for the PSIRT only (psirt:manage): every change and every
 * export is audited before it is answered.
 */
export async function art14Routes(app: FastifyInstance) {
  const { routes } = permittedRoutes(app, PSIRT_PERMISSION);
  const { art14 } = app.services;
  const audited = recordAuditor(app, (answer: Art14Case) => ({
    target: { type: 'art14Case', id: answer.id },
    detail: { advisoryId: answer.advisoryId, kind: answer.kind, awareAt: answer.awareAt },
  }));

  routes.get(
    '/api/staff/psirt/art14',
    {
      schema: listRoute(
        'Every Art. 14 case with its deadlines, the most urgent first (the PSIRT dashboard)',
        art14CaseSchema,
      ),
    },
    async (request) => ok(request, await art14.list()),
  );

  routes.get(
    '/api/staff/psirt/art14/candidates',
    {
      schema: listRoute(
        'Advisories a new Art. 14 case may be opened on (those without one)',
        art14CandidateSchema,
      ),
    },
    async (request) => ok(request, await art14.candidates()),
  );

  routes.post(
    '/api/staff/psirt/art14',
    {
      schema: {
        tags,
        security,
        summary: 'Mark an advisory as actively exploited (or a severe incident) from the time of awareness',
        body: art14OpenSchema,
        response: responses(art14CaseSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { advisoryPk, ...input } = request.body;
      return audited(
        request,
        'psirt.art14.open',
        await art14.open(sessionOf(request).userId, advisoryPk, input),
      );
    },
  );

  routes.get(
    '/api/staff/psirt/art14/:id',
    { schema: caseRoute('One Art. 14 case', { answer: art14CaseSchema }) },
    async (request) => ok(request, await art14.detail(request.params.id)),
  );

  routes.put(
    '/api/staff/psirt/art14/:id',
    {
      schema: caseRoute('Correct a case: kind, awareness time, what the reports say', {
        body: art14CaseInputSchema,
        answer: art14CaseSchema,
      }),
    },
    async (request) =>
      audited(request, 'psirt.art14.update', await art14.update(request.params.id, request.body)),
  );

  routes.post(
    '/api/staff/psirt/art14/:id/submissions',
    {
      schema: caseRoute("Record that a report went in on ENISA's single reporting platform", {
        body: art14SubmissionInputSchema,
        answer: art14CaseSchema,
      }),
    },
    async (request) =>
      audited(
        request,
        'psirt.art14.submit',
        await art14.submit(sessionOf(request).userId, request.params.id, request.body),
        { stage: request.body.stage, reference: request.body.reference },
      ),
  );

  routes.get(
    '/api/staff/psirt/art14/:id/export',
    {
      schema: caseRoute(
        "One report's content as structured JSON and printable text (in the request's language), for the platform",
        { querystring: art14ExportQuerySchema, answer: art14ExportSchema },
      ),
    },
    async (request) => {
      const answer = await art14.export(request.params.id, request.query.stage, request.locale);
      await auditRequest(
        app,
        request,
        'psirt.art14.export',
        { type: 'art14Case', id: request.params.id },
        { advisoryId: answer.content.advisory.id, stage: request.query.stage, locale: request.locale },
      );
      return ok(request, answer);
    },
  );
}
