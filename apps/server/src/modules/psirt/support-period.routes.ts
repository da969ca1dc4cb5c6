import {
  modelIdParamsSchema,
  modelSupportEndInputSchema,
  modelSupportSchema,
  PUBLISH_PERMISSION_CODE,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, listRouteSchema, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession, sessionOf } from '../../plugins/authenticate';
import { auditRequest } from '../audit/audit.service';
import { SupportPeriodService } from './support-period.service';

const security = [{ bearer: [] }];
const tags = ['publishing'];

/**
 * Models' ends of security support (issue 43 §4): set by staff who publish firmware (the product
 * decision behind a release), audited with the value before and after.
 */
export async function supportPeriodRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, PUBLISH_PERMISSION_CODE));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A service of this plugin alone: nothing else writes support periods.
  const supportPeriods = new SupportPeriodService(app.services.database.db, app.services.clock);

  routes.get(
    '/api/staff/models/support',
    {
      schema: listRouteSchema({ tags, security })(
        'Every server model with its end of security support (month and year, or none yet)',
        modelSupportSchema,
      ),
    },
    async (request) => ok(request, await supportPeriods.list(request.locale)),
  );

  routes.put(
    '/api/staff/models/:id/support-end',
    {
      schema: {
        tags,
        security,
        summary: "Set (YYYY-MM) or clear (null) a model's end of security support (CRA Art. 13(19))",
        params: modelIdParamsSchema,
        body: modelSupportEndInputSchema,
        response: responses(modelSupportSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { model, before } = await supportPeriods.set(
        request.params.id,
        request.body.securitySupportEnd,
        sessionOf(request).userId,
        request.locale,
      );
      await auditRequest(
        app,
        request,
        'model.supportEnd',
        { type: 'model', id: model.id },
        { code: model.code, before, after: model.securitySupportEnd },
      );
      return ok(request, model);
    },
  );
}
