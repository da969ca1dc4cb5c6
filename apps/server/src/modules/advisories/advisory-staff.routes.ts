import {
  ADVISORY_PERMISSIONS,
  advisoryInputSchema,
  advisoryFixCandidateSchema,
  advisoryFixCandidatesQuerySchema,
  advisoryRejectSchema,
  advisoryTriageQuerySchema,
  advisoryTriageSchema,
  cvssQuerySchema,
  cvssScoreSchema,
  staffAdvisoryDetailSchema,
  staffAdvisoryIdSchema,
  staffAdvisoryPageSchema,
  staffAdvisoryQuerySchema,
  type StaffAdvisoryDetail,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, recordRouteSchema, responses } from '../../lib/route-schemas';
import { permittedRoutes, requirePermission, sessionOf } from '../../plugins/authenticate';
import { recordAuditor } from '../audit/record-auditor';
import { scoreCvss31, scoreCvss40 } from './csaf/cvss';
import { z } from 'zod';

const security = [{ bearer: [] }];
const tags = ['advisories'];
const advisoryRoute = recordRouteSchema({ tags, security, params: staffAdvisoryIdSchema });

/**
 * Staff write advisories (advisory:write) and a second person approves them (advisory:approve).
 * Every change is audited on the advisory after it is made and before it is answered.
 */
export async function advisoryStaffRoutes(app: FastifyInstance) {
  const { routes } = permittedRoutes(app, ADVISORY_PERMISSIONS.write);
  const { advisoryAuthoring } = app.services;
  const audited = recordAuditor(app, (answer: StaffAdvisoryDetail) => ({
    target: { type: 'advisory', id: answer.id },
    detail: { advisoryId: answer.advisoryId, status: answer.status },
  }));
  const approver = requirePermission(app, ADVISORY_PERMISSIONS.approve);

  routes.get(
    '/api/staff/advisories',
    {
      schema: {
        tags,
        security,
        summary: 'Every advisory in any state (drafts, in review, approved)',
        querystring: staffAdvisoryQuerySchema,
        response: responses(staffAdvisoryPageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await advisoryAuthoring.list(request.query)),
  );

  routes.get(
    '/api/staff/advisories/cvss',
    {
      schema: {
        tags,
        security,
        summary:
          'The base score and rating of a CVSS v3.1 or v4.0 vector (the form shows it; nobody types it)',
        querystring: cvssQuerySchema,
        response: responses(cvssScoreSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { vector } = request.query;
      return ok(request, vector.startsWith('CVSS:4.0/') ? scoreCvss40(vector) : scoreCvss31(vector));
    },
  );

  routes.get(
    '/api/staff/advisories/fix-candidates',
    {
      schema: {
        tags,
        security,
        summary:
          'Catalogue versions an advisory may name as fixes: of items for these models (ids) or part numbers, drafts included for staff with firmware:publish',
        querystring: advisoryFixCandidatesQuerySchema,
        response: responses(z.array(advisoryFixCandidateSchema), [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(
        request,
        await advisoryAuthoring.fixCandidates(
          sessionOf(request).userId,
          request.query.modelIds,
          request.query.pns,
        ),
      ),
  );

  routes.get(
    '/api/staff/advisories/triage',
    {
      schema: {
        tags,
        security,
        summary:
          "VEX triage: the models and cards whose released firmware's SBOM contains a component (purl or CPE, a range of its versions), as starting rows under investigation",
        querystring: advisoryTriageQuerySchema,
        response: responses(advisoryTriageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await advisoryAuthoring.triage(request.query, app.services.sboms)),
  );

  routes.get(
    '/api/staff/advisories/:id',
    {
      schema: advisoryRoute('One advisory: its working copy and published history', {
        answer: staffAdvisoryDetailSchema,
      }),
    },
    async (request) => ok(request, await advisoryAuthoring.detail(request.params.id)),
  );

  routes.post(
    '/api/staff/advisories',
    {
      schema: {
        tags,
        security,
        summary:
          'Create a draft advisory; its id (PREFIX-YYYY-NNNN) is given now. Naming a draft version as a fix needs firmware:publish',
        body: advisoryInputSchema,
        response: responses(staffAdvisoryDetailSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      audited(
        request,
        'advisory.create',
        await advisoryAuthoring.create(sessionOf(request).userId, request.body),
      ),
  );

  routes.put(
    '/api/staff/advisories/:id',
    {
      schema: advisoryRoute(
        'Edit the working copy (an approved advisory becomes the draft of its next revision)',
        {
          body: advisoryInputSchema,
          answer: staffAdvisoryDetailSchema,
          alsoFails: [409],
        },
      ),
    },
    async (request) =>
      audited(
        request,
        'advisory.update',
        await advisoryAuthoring.update(sessionOf(request).userId, request.params.id, request.body),
        { revisionSummary: request.body.revisionSummary },
      ),
  );

  routes.post(
    '/api/staff/advisories/:id/submit',
    {
      schema: advisoryRoute('Send a draft for review', {
        answer: staffAdvisoryDetailSchema,
        alsoFails: [409],
      }),
    },
    async (request) =>
      audited(
        request,
        'advisory.submit',
        await advisoryAuthoring.submit(sessionOf(request).userId, request.params.id),
      ),
  );

  routes.post(
    '/api/staff/advisories/:id/approve',
    {
      schema: advisoryRoute(
        'Approve (not the last editor): freezes the next revision, signs its CSAF files, schedules it at its embargo time. An advisory holding a draft fix needs firmware:publish',
        { answer: staffAdvisoryDetailSchema, alsoFails: [409, 422] },
      ),
      onRequest: approver,
    },
    async (request) => {
      const answer = await advisoryAuthoring.approve(sessionOf(request).userId, request.params.id);
      return audited(request, 'advisory.approve', answer, {
        revision: answer.revision,
        visibleFrom: answer.visibleFrom,
      });
    },
  );

  routes.post(
    '/api/staff/advisories/:id/reject',
    {
      schema: advisoryRoute('Send back to its author with a comment', {
        body: advisoryRejectSchema,
        answer: staffAdvisoryDetailSchema,
        alsoFails: [409],
      }),
      onRequest: approver,
    },
    async (request) =>
      audited(
        request,
        'advisory.reject',
        await advisoryAuthoring.reject(sessionOf(request).userId, request.params.id, request.body.comment),
        { comment: request.body.comment },
      ),
  );
}
