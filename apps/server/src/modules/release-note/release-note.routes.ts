import { releaseNoteSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/authenticate';
import { listReleaseNotes } from './release-note.service';

export async function releaseNoteRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/releaseNote/getReleaseNoteList',
    {
      schema: {
        tags: ['release notes'],
        summary: "The portal's versions with NEW (1), OPTIMIZE (2) and HOTFIX (3) lists",
        security: [{ bearer: [] }],
        response: responses(z.array(releaseNoteSchema), AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await listReleaseNotes(app.services.database.db, request.locale)),
  );
}
