import {
  type Entitlement,
  ENTITLEMENT_PERMISSION,
  entitlementInputSchema,
  entitlementListQuerySchema,
  entitlementPageSchema,
  entitlementSchema,
  idParamsSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, recordRouteSchema, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession, sessionOf } from '../../plugins/authenticate';
import { auditRequest } from '../audit/audit.service';

const security = [{ bearer: [] }];
const tags = ['activation'];
const entitlementRoute = recordRouteSchema({ tags, security, params: idParamsSchema });

/** Staff (license:manage): entitlements in the system application. */
export async function entitlementAdminRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, ENTITLEMENT_PERMISSION));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { entitlementAdmin } = app.services;
  // Adding and editing record the same facts: which contract, and how many nodes it grants.
  const auditedSave = async (
    request: FastifyRequest,
    action: 'entitlement.create' | 'entitlement.update',
    entitlement: Entitlement,
  ) => {
    await auditRequest(
      app,
      request,
      action,
      { type: 'entitlement', id: entitlement.id },
      { contractNo: entitlement.contractNo, nodes: entitlement.authorisedNodes },
    );
    return ok(request, entitlement);
  };

  routes.get(
    '/api/activation/manage/entitlements',
    {
      schema: {
        tags,
        summary: 'Entitlements, newest first; q matches contract, customer, product or SN',
        security,
        querystring: entitlementListQuerySchema,
        response: responses(entitlementPageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(
        request,
        await entitlementAdmin.page(
          request.query.q,
          request.query.pageNo,
          request.query.pageSize,
          request.locale,
        ),
      ),
  );

  routes.post(
    '/api/activation/manage/entitlements',
    {
      schema: {
        tags,
        summary: 'Add an entitlement',
        security,
        body: entitlementInputSchema,
        response: responses(entitlementSchema, [400, 409, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      auditedSave(
        request,
        'entitlement.create',
        await entitlementAdmin.create(request.body, sessionOf(request).userId, request.locale),
      ),
  );

  routes.put(
    '/api/activation/manage/entitlements/:id',
    {
      schema: entitlementRoute('Edit an entitlement (issued nodes are kept)', {
        body: entitlementInputSchema,
        answer: entitlementSchema,
        alsoFails: [409],
      }),
    },
    async (request) =>
      auditedSave(
        request,
        'entitlement.update',
        await entitlementAdmin.update(request.params.id, request.body, request.locale),
      ),
  );

  routes.delete(
    '/api/activation/manage/entitlements/:id',
    {
      schema: entitlementRoute('Delete an entitlement that has issued no code', {
        answer: z.null(),
        alsoFails: [409],
      }),
    },
    async (request) => {
      await entitlementAdmin.remove(request.params.id);
      await auditRequest(app, request, 'entitlement.delete', { type: 'entitlement', id: request.params.id });
      return ok(request, null);
    },
  );
}
