import { dictNodeSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/authenticate';
import { dictTree } from './dict.service';

export async function dictRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sysDictType/tree',
    {
      schema: {
        tags: ['dictionary'],
        summary: 'Every dictionary type with its values (industries among them)',
        security: [{ bearer: [] }],
        response: responses(z.array(dictNodeSchema), AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await dictTree(app.services.database.db, request.locale)),
  );
}
