import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, filePreviewQuerySchema, uploadedFileSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { sendStoredFile } from '../../lib/stored-file-reply';
import { requireSession, sessionOf } from '../../plugins/authenticate';

const security = [{ bearer: [] }];

/** Avatar upload and the signed-in preview of stored files. */
export async function fileRoutes(app: FastifyInstance) {
  await requireSession(app);
  // One more byte than allowed, so "too large" is told apart from "exactly the limit".
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 0, parts: 2 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { files } = app.services;

  routes.post(
    '/api/sysFileInfo/uploadAvatar',
    {
      schema: {
        tags: ['files'],
        summary: 'Upload my avatar (multipart field `file`: PNG, JPEG or WebP, at most 2 MB)',
        security,
        consumes: ['multipart/form-data'],
        response: responses(uploadedFileSchema, [400, 413, 415, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 20, timeWindow: 3_600_000 } },
    },
    async (request) => {
      if (!request.isMultipart())
        throw AppError.invalidFields([{ field: 'file', messageKey: 'FIELD_REQUIRED' }]);
      const part = await request.file();
      if (!part) throw AppError.invalidFields([{ field: 'file', messageKey: 'FIELD_REQUIRED' }]);
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('FILE_TOO_LARGE', { params: { maxMb: AVATAR_MAX_BYTES / 1024 / 1024 } });
        throw error;
      });
      const file = await files.replaceAvatar(sessionOf(request).userId, bytes, part.file.truncated);
      return ok(request, { id: file.id, size: file.size, contentType: file.contentType });
    },
  );

  routes.get(
    '/api/sysFileInfo/preview',
    {
      schema: {
        tags: ['files'],
        summary: 'The bytes of a stored file I may see (avatars and editor images: every signed-in user)',
        security,
        querystring: filePreviewQuerySchema,
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        await files.open(request.query.id, sessionOf(request).userId),
        'private, max-age=86400',
      ),
  );
}
