import { EDITOR_IMAGE_URL_PREFIX } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../lib/stored-file-reply';

const editorImageParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{16,64}$/) });

/**
 * Release-notes images, public and immutable: readers' browsers load an `<img>` without the
 * bearer header, and the id (128 random bits) is known only from the notes that show it.
 */
export async function editorImageRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { editorImages } = app.services;
  routes.get(
    `${EDITOR_IMAGE_URL_PREFIX}:id`,
    {
      schema: {
        tags: ['publishing'],
        summary: 'An image of release notes (public, immutable; its address is in the notes)',
        params: editorImageParamsSchema,
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
      },
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        await editorImages.open(request.params.id),
        'public, max-age=31536000, immutable',
      ),
  );
}
