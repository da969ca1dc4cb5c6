import {
  EDITOR_IMAGE_MAX_BYTES,
  EDITOR_MAX_IMAGES_PER_UPLOAD,
  editorImageUploadSchema,
  type PublishVersion,
  publishIdParamsSchema,
  publishVersionMetaSchema,
  publishVersionSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { isMessageKey, type MessageKey } from '../../lib/i18n/messages';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/authenticate';
import type { EditorImage } from './editor-image.service';
import type { PendingVersion } from './version.service';
import { prerequisiteError } from './update-plan';
import { readReleaseSignature } from './cli-build-upload';
import { auditRequest } from '../audit/audit.service';

const security = [{ bearer: [] }];
const tags = ['publishing'];
const fileRequired = () => AppError.invalidFields([{ field: 'file', messageKey: 'FIELD_REQUIRED' }]);
const metaRequired = () => AppError.invalidFields([{ field: 'meta', messageKey: 'FIELD_REQUIRED' }]);

/** The `meta` field: JSON text validated by the contract (field errors like any other body). */
function parseMeta(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('JSON_MALFORMED');
  }
  const parsed = publishVersionMetaSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const prerequisites = prerequisiteError(parsed.error.issues, ['meta']);
  if (prerequisites) return prerequisites;
  // Rules whose message is a catalogue key (the version pattern) answer in the reader's language.
  const { issues } = parsed.error;
  if (issues.every((issue) => isMessageKey(issue.message)))
    return AppError.invalidFields(
      issues.map((issue) => ({
        field: ['meta', ...issue.path].join('.'),
        messageKey: issue.message as MessageKey,
      })),
    );
  const fields = parsed.error.issues.map((issue) => ({
    field: ['meta', ...issue.path].join('.'),
    message: issue.message,
  }));
  return new AppError('PARAM_ERROR', {
    params: { detail: fields.map((f) => `${f.field}: ${f.message}`).join('; ') },
    data: fields,
  });
}

/** Multipart limits of busboy that surface as errors while reading the parts. */
function multipartError(error: unknown, tooLarge: () => AppError): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return AppError.invalidFields([{ field: 'file', messageKey: 'FIELD_REQUIRED' }]);
  return error;
}

/** Uploads: a new version's archive (streamed) and the editor's images. */
export async function publishingUploadRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { publishVersions, editorImages } = app.services;

  routes.post(
    '/api/publishing/items/:id/versions',
    {
      schema: {
        tags,
        summary:
          'Upload a new version as a draft: multipart field `meta` (JSON, first) then `file` (.tar, .tar.gz/.tgz, .zip, .rar; checked by content too). A version of an fwportal build item (`fwportal-<platform>`) is the executable named as the build script names it, with its release signature (the `.sig`, 64 bytes) as the part `signature` before `file`, checked against CLI_RELEASE_PUBLIC_KEY_FILE',
        security,
        consumes: ['multipart/form-data'],
        params: publishIdParamsSchema,
        response: responses(publishVersionSchema, [400, 404, 409, 413, 415, ...AUTH_ERRORS]),
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw fileRequired();
      let pending: PendingVersion | null = null;
      let version: PublishVersion | null = null;
      try {
        // meta, an fwportal build's signature, the file: one part more than the plugin's default.
        const parts = request.parts({
          limits: {
            fileSize: publishVersions.maxBytes + 1,
            files: 2,
            fields: 1,
            parts: 3,
            fieldSize: 64 * 1024,
          },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname !== 'meta' || pending) throw metaRequired();
            const meta = parseMeta(String(part.value));
            if (meta instanceof AppError) throw meta;
            pending = await publishVersions.prepare(request.params.id, meta);
          } else {
            if (!pending) throw metaRequired();
            if (part.fieldname === 'signature' && !pending.releaseSignature && !version) {
              const signed: PendingVersion = pending;
              pending = { ...signed, releaseSignature: await readReleaseSignature(part.file) };
              continue;
            }
            if (part.fieldname !== 'file' || version) throw fileRequired();
            version = await publishVersions.create(
              pending,
              part.filename,
              part.file,
              sessionOf(request).userId,
            );
          }
        }
      } catch (error) {
        // A refused upload may still be sending bytes: do not keep reading them.
        reply.header('connection', 'close');
        if (version) await publishVersions.deleteDraft(version.id).catch(() => undefined);
        throw multipartError(error, () => publishVersions.tooLarge());
      }
      if (!version) throw pending ? fileRequired() : metaRequired();
      await auditRequest(
        app,
        request,
        'version.upload',
        { type: 'version', id: version.id },
        {
          itemId: version.itemId,
          version: version.version,
          fileName: version.fileName,
          size: version.fileSize,
          sha256: version.sha256,
        },
      );
      return ok(request, version);
    },
  );

  routes.post(
    '/api/publishing/editor/images',
    {
      schema: {
        tags,
        summary: `Rich-text editor images (PNG, JPEG, WebP, GIF; at most ${EDITOR_MAX_IMAGES_PER_UPLOAD} per upload): answers {status: 'success', url, urls}`,
        security,
        consumes: ['multipart/form-data'],
        response: {
          ...responses(editorImageUploadSchema, [400, 413, 415, ...AUTH_ERRORS]),
          200: editorImageUploadSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw fileRequired();
      const images: EditorImage[] = [];
      try {
        const parts = request.parts({
          limits: {
            fileSize: EDITOR_IMAGE_MAX_BYTES + 1,
            files: EDITOR_MAX_IMAGES_PER_UPLOAD + 1,
            fields: 10,
            parts: EDITOR_MAX_IMAGES_PER_UPLOAD + 11,
          },
        });
        for await (const part of parts) {
          if (part.type !== 'file') continue;
          if (images.length === EDITOR_MAX_IMAGES_PER_UPLOAD) throw editorImages.tooMany();
          const bytes = await part.toBuffer();
          images.push({ bytes, truncated: part.file.truncated });
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw editorImages.tooMany();
        throw multipartError(error, () => editorImages.tooLarge());
      }
      const urls = await editorImages.save(images, sessionOf(request).userId);
      return { status: 'success' as const, url: urls[0] ?? '', urls };
    },
  );
}
