import {
  DOWNLOAD_PATH_PREFIX,
  downloadParamsSchema,
  downloadRecordPageSchema,
  downloadRecordQuerySchema,
  downloadTicketSchema,
  MANIFEST_FILE_NAME,
  SHA256SUMS_FILE_NAME,
  SIGNATURE_HEADER,
  SIGNING_KEY_ID_HEADER,
  SIGNING_KEY_PATH,
} from '@portal/contract';
import { PUBLISHED_SIGNATURE_FILE_NAME } from '@portal/contract/cli-builds';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { optionalUserId, type TicketRequest } from './download-auth';
import type { TicketTarget } from './download-ticket.service';
import { sendDownload } from './download-file';
import type { SignedBody } from './manifest.service';
import { readPublishedSignature } from './published-signature';

const tags = ['downloads'];
const security: Record<string, string[]>[] = [{}, { bearer: [] }];
const tokenQuerySchema = z.object({
  /** A download ticket (POST .../ticket) for links a browser opens without headers. */
  ticket: z.string().max(64).optional(),
  /** Refused with 1025001: a session token must not travel in a URL. */
  token: z.string().max(512).optional(),
});
const ALL_VERSIONS: TicketTarget = { kind: 'manifest', id: 0 };
const versionTarget = (id: number): TicketTarget => ({ kind: 'version', id });

function sendSigned(reply: FastifyReply, signed: SignedBody, contentType: string, detached: boolean) {
  return reply
    .header(SIGNATURE_HEADER, signed.signature.toString('base64'))
    .header(SIGNING_KEY_ID_HEADER, signed.keyId)
    .header('cache-control', 'private, no-cache')
    .type(detached ? 'application/octet-stream' : contentType)
    .send(detached ? signed.signature : signed.body);
}

/** Files, checksums and signed manifests: anonymous for public items, else Bearer or a download `?ticket=`. */
export async function downloadRoutes(
  app: FastifyInstance,
  config: Pick<Config, 'DOWNLOAD_OFFLOAD' | 'DOWNLOAD_OFFLOAD_PREFIX' | 'DOWNLOAD_SENDFILE'>,
) {
  const offloadPrefix = config.DOWNLOAD_OFFLOAD === 'x-accel' ? config.DOWNLOAD_OFFLOAD_PREFIX : null;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { downloads, manifests, store } = app.services;
  app.addHook('onClose', () => downloads.drain());
  const viewerOf = async (request: TicketRequest, target: TicketTarget) =>
    downloads.viewerOf(await optionalUserId(app, request, target));

  routes.route({
    method: ['GET', 'HEAD'],
    url: `${DOWNLOAD_PATH_PREFIX}/:versionId`,
    config: { tokenScope: 'download' },
    schema: {
      tags,
      summary:
        'The file of a version (Range, If-Range, ETag = quoted SHA-256); 302 to object storage when configured',
      security,
      params: downloadParamsSchema,
      querystring: tokenQuerySchema,
    },
    // Archives do not compress, and the encoder would only slow the stream down.
    compress: false,
    handler: async (request, reply) => {
      const userId = await optionalUserId(app, request, versionTarget(request.params.versionId));
      const target = await downloads.target(await downloads.viewerOf(userId), request.params.versionId);
      return sendDownload(request, reply, {
        userId,
        target,
        store,
        downloads,
        offloadPrefix,
        sendfile: config.DOWNLOAD_SENDFILE === 'auto',
        // Downloads made with a personal access token count against the account's daily bytes.
        chargeBytes:
          request.auth?.tokenId !== undefined && userId !== null
            ? (bytes) => app.services.apiQuota.chargeBytes(userId, bytes)
            : undefined,
      });
    },
  });

  routes.get(
    `${DOWNLOAD_PATH_PREFIX}/:versionId/${PUBLISHED_SIGNATURE_FILE_NAME}`,
    {
      config: { tokenScope: 'download' },
      schema: {
        tags,
        summary:
          "The signature published with the version (64 raw bytes; a fwportal build's .sig, made with the CLI release key), as published; 404 when it has none. Not the portal's signature",
        security,
        params: downloadParamsSchema,
        querystring: tokenQuerySchema,
      },
    },
    async (request, reply) => {
      const { versionId } = request.params;
      await manifests.checkVisible(await viewerOf(request, versionTarget(versionId)), versionId);
      const signature = await readPublishedSignature(store, versionId);
      if (!signature) throw new AppError('FILE_NOT_FOUND');
      return reply
        .header('cache-control', 'private, no-cache')
        .type('application/octet-stream')
        .send(signature);
    },
  );

  for (const detached of [false, true]) {
    const suffix = detached ? '.sig' : '';
    routes.get(
      `${DOWNLOAD_PATH_PREFIX}/:versionId/${SHA256SUMS_FILE_NAME}${suffix}`,
      {
        config: { tokenScope: 'download' },
        schema: {
          tags,
          summary: detached
            ? 'Detached Ed25519 signature (64 raw bytes) of the version SHA256SUMS'
            : '`<sha256>  <file name>` of the version, signed (X-Signature)',
          security,
          params: downloadParamsSchema,
          querystring: tokenQuerySchema,
        },
      },
      async (request, reply) => {
        const { versionId } = request.params;
        const signed = await manifests.sha256Sums(
          await viewerOf(request, versionTarget(versionId)),
          versionId,
        );
        return sendSigned(reply, signed, 'text/plain; charset=utf-8', detached);
      },
    );
    routes.get(
      `${DOWNLOAD_PATH_PREFIX}/${MANIFEST_FILE_NAME}${suffix}`,
      {
        config: { tokenScope: 'download' },
        schema: {
          tags,
          summary: detached
            ? 'Detached Ed25519 signature of the manifest of every version I may see'
            : 'Signed manifest of every published version I may see, ordered by versionId',
          security,
          querystring: tokenQuerySchema,
        },
      },
      async (request, reply) => {
        const signed = await manifests.manifest(await viewerOf(request, ALL_VERSIONS));
        return sendSigned(reply, signed, 'application/json; charset=utf-8', detached);
      },
    );
    routes.get(
      `${DOWNLOAD_PATH_PREFIX}/:versionId/${MANIFEST_FILE_NAME}${suffix}`,
      {
        config: { tokenScope: 'download' },
        schema: {
          tags,
          summary: detached
            ? 'Detached Ed25519 signature of the version manifest'
            : 'Signed manifest of one version',
          security,
          params: downloadParamsSchema,
          querystring: tokenQuerySchema,
        },
      },
      async (request, reply) => {
        const { versionId } = request.params;
        const signed = await manifests.versionManifest(
          await viewerOf(request, versionTarget(versionId)),
          versionId,
        );
        return sendSigned(reply, signed, 'application/json; charset=utf-8', detached);
      },
    );
  }

  routes.get(
    SIGNING_KEY_PATH,
    {
      config: { publicRoute: true },
      schema: { tags, summary: 'The Ed25519 public key (SPKI PEM) manifests and SHA256SUMS are signed with' },
    },
    async (_request, reply) =>
      reply
        .type('application/x-pem-file')
        .header('cache-control', 'public, max-age=300')
        .send(await manifests.publicKeyPem()),
  );
}

/**
 * Download tickets: a signed-in client (the console) asks for one before it hands a link to the
 * browser. Only for what the caller may download now (the same check as the download).
 */
export async function downloadTicketRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { downloads, downloadTickets } = app.services;
  const answer = async (request: FastifyRequest, target: TicketTarget, path: string) => {
    const { userId, sessionId } = sessionOf(request);
    const { ticket, expiresAt } = await downloadTickets.issue(userId, sessionId, target);
    return ok(request, { url: `${path}?ticket=${ticket}`, ticket, expiresAt: expiresAt.toISOString() });
  };
  routes.post(
    `${DOWNLOAD_PATH_PREFIX}/:versionId/ticket`,
    {
      schema: {
        tags,
        summary:
          'A download ticket for one version (its file, SHA256SUMS and manifest): a link valid for minutes, bound to me and this session',
        security: [{ bearer: [] }],
        params: downloadParamsSchema,
        response: responses(downloadTicketSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { versionId } = request.params;
      const viewer = await downloads.viewerOf(sessionOf(request).userId);
      await downloads.target(viewer, versionId); // refuses what the caller may not download
      return answer(request, versionTarget(versionId), `${DOWNLOAD_PATH_PREFIX}/${versionId}`);
    },
  );
  routes.post(
    `${DOWNLOAD_PATH_PREFIX}/${MANIFEST_FILE_NAME}/ticket`,
    {
      schema: {
        tags,
        summary: 'A download ticket for the signed manifest of every version I may see',
        security: [{ bearer: [] }],
        response: responses(downloadTicketSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => answer(request, ALL_VERSIONS, `${DOWNLOAD_PATH_PREFIX}/${MANIFEST_FILE_NAME}`),
  );
}

/** The personal center's Download records tab. */
export async function downloadRecordRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { downloads } = app.services;
  routes.get(
    '/api/sysUser/downloadRecords',
    {
      schema: {
        tags: ['account'],
        summary: 'My download records, newest first (a resumed download is several records)',
        security: [{ bearer: [] }],
        querystring: downloadRecordQuerySchema,
        response: responses(downloadRecordPageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await downloads.records(sessionOf(request).userId, request.query, request.locale)),
  );
}
