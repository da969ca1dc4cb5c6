import {
  ADVISORY_TLPS,
  type AdvisoryTlp,
  DISCLOSURE_POLICY_PATH,
  PSIRT_KEY_PATH,
  SIGNATURE_HEADER,
  SIGNING_KEY_ID_HEADER,
  visibleText,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { notModified } from '../feeds/conditional-get';
import { readerFor, readerOf } from './advisory.routes';
import type { Conditional } from './csaf-distribution.service';
import { CSAF_ROOT, PROVIDER_METADATA_PATH, ROLIE_SERVICE_PATH } from './csaf-paths';
import { DAY_MS } from '../../lib/clock';

const tags = ['advisories'];
const hidden = { tags, hide: true };
/** Aggregators poll; the public files may be cached a little, the others only privately. */
const PUBLIC_CACHE = 'public, max-age=300';
const PRIVATE_CACHE = 'private, max-age=60';
const labelSchema = z.object({
  label: z.enum(ADVISORY_TLPS.map((tlp) => tlp.toLowerCase()) as ['white', 'green', 'amber']),
});
const tlpOf = (label: string) => label.toUpperCase() as AdvisoryTlp;
/** Tokens (catalog:read) and sessions are read; nobody signed in reads TLP:WHITE. */
const config = { tokenScope: 'catalog:read' as const, rateLimit: { max: 1200, timeWindow: 60_000 } };

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Conditional,
  type: string,
  cache: string = PUBLIC_CACHE,
) {
  reply
    .header('etag', answer.etag)
    .header('last-modified', answer.lastModified.toUTCString())
    .header('cache-control', cache)
    .header('content-type', type);
  if (notModified(request.headers, answer)) return reply.code(304).send();
  // Precompressed copies go out as they are (these routes opt out of on-the-fly compression).
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (answer.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(answer.br);
  if (answer.gzip && /\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.body);
}

/** 404 naming the path asked for (its query left out), as the app's own 404 does. */
const notFound = (request: FastifyRequest) =>
  new AppError('URL_NOT_FOUND', { params: { path: visibleText(request.url.split('?')[0] ?? '') } });

/** TLP:GREEN and AMBER need an account: nobody signed in is told to sign in, not that nothing is there. */
async function labelReader(app: FastifyInstance, request: FastifyRequest, tlp: AdvisoryTlp) {
  const reader = await readerOf(app, request);
  if (tlp !== 'WHITE' && reader.userId === null) throw new AppError('TOKEN_EMPTY');
  return reader;
}

/** A CSAF ticket (POST /api/advisories/:advisoryId/csaf/ticket) for links a browser opens without headers. */
const ticketQuerySchema = z.object({
  ticket: z.string().max(64).optional(),
  /** Refused with 1025001: a session token must not travel in a URL. */
  token: z.string().max(512).optional(),
});

/**
 * The reader of one document: the token or session of the request, else the account a ticket in
 * `?ticket=` was issued to, when that ticket was issued for this very document (its advisory),
 * is live and its session too; else nobody. A ticket for one document opens no other.
 */
async function documentReader(
  app: FastifyInstance,
  request: FastifyRequest & { query: z.infer<typeof ticketQuerySchema> },
  tlp: AdvisoryTlp,
  year: string,
  fileName: string,
) {
  if (request.query.token !== undefined) throw new AppError('TOKEN_IN_URL');
  const { ticket } = request.query;
  if (ticket === undefined || request.auth || request.headers.authorization)
    return labelReader(app, request, tlp);
  const pk = await app.services.csafDistribution.documentPk(tlp, year, fileName);
  if (pk === undefined) throw new AppError('DOWNLOAD_TICKET_INVALID');
  return readerFor(app, await app.services.downloadTickets.userOf(ticket, { kind: 'csaf', id: pk }));
}

/**
 * The CSAF 2.0 trusted provider's files (issue 33, OASIS CSAF 2.0 section 7.1), all under
 * /.well-known/csaf/, plus security.txt pointing at the provider metadata. No redirects
 * (requirement 6); every URL in them is built from PUBLIC_URL.
 */
export async function csafRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { csafDistribution, advisorySigner } = app.services;

  routes.get(
    PROVIDER_METADATA_PATH,
    { schema: hidden, config: { publicRoute: true }, compress: false },
    async (request, reply) =>
      send(request, reply, await csafDistribution.providerMetadata(), 'application/json; charset=utf-8'),
  );

  routes.get(
    ROLIE_SERVICE_PATH,
    { schema: hidden, config: { publicRoute: true }, compress: false },
    async (request, reply) =>
      send(request, reply, await csafDistribution.serviceDocument(), 'application/json; charset=utf-8'),
  );

  routes.get(
    `${CSAF_ROOT}/openpgp/:file`,
    { schema: { ...hidden, params: z.object({ file: z.string().max(80) }) }, config: { publicRoute: true } },
    async (request, reply) => {
      const signer = await advisorySigner();
      if (request.params.file !== `${signer.fingerprint}.asc`) throw notFound(request);
      // Signed with the release key (Ed25519, as manifests): `fwportal mirror` proves the key
      // offline with the key pinned at login, so a mirror cannot carry another one (issue 44 §2).
      const signed = await app.services.manifests.signed(Buffer.from(signer.publicKeyArmored, 'utf8'));
      return reply
        .header('content-type', 'application/pgp-keys; charset=utf-8')
        .header('cache-control', PUBLIC_CACHE)
        .header(SIGNATURE_HEADER, signed.signature.toString('base64'))
        .header(SIGNING_KEY_ID_HEADER, signed.keyId)
        .send(signed.body);
    },
  );

  routes.get(
    `${CSAF_ROOT}/:label/:file`,
    {
      schema: { ...hidden, params: labelSchema.extend({ file: z.string().max(80) }) },
      config,
      compress: false,
    },
    async (request, reply) => {
      const tlp = tlpOf(request.params.label);
      const reader = await labelReader(app, request, tlp);
      const cache = tlp === 'WHITE' ? PUBLIC_CACHE : PRIVATE_CACHE;
      const { file, label } = request.params;
      if (file === `csaf-feed-tlp-${label}.json`)
        return send(
          request,
          reply,
          await csafDistribution.feed(tlp, reader),
          'application/json; charset=utf-8',
          cache,
        );
      if (file === 'index.txt' || file === 'changes.csv')
        return send(
          request,
          reply,
          await csafDistribution.listing(tlp, file === 'index.txt' ? 'index' : 'changes', reader),
          file === 'index.txt' ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8',
          cache,
        );
      throw notFound(request);
    },
  );

  routes.get(
    `${CSAF_ROOT}/:label/:year/:file`,
    {
      schema: {
        ...hidden,
        params: labelSchema.extend({ year: z.string().regex(/^\d{4}$/), file: z.string().max(140) }),
        querystring: ticketQuerySchema,
      },
      config,
    },
    async (request, reply) => {
      const tlp = tlpOf(request.params.label);
      const match = /^(.+\.json)(\.sha256|\.sha512|\.asc)?$/.exec(request.params.file);
      if (!match?.[1]) {
        await labelReader(app, request, tlp);
        throw notFound(request);
      }
      const reader = await documentReader(app, request, tlp, request.params.year, match[1]);
      const found = await csafDistribution.file(tlp, request.params.year, match[1], reader);
      if (!found) throw notFound(request);
      const cache = tlp === 'WHITE' ? PUBLIC_CACHE : PRIVATE_CACHE;
      const [body, type] =
        match[2] === '.sha256'
          ? [`${found.sha256}  ${found.fileName}\n`, 'text/plain; charset=utf-8']
          : match[2] === '.sha512'
            ? [`${found.sha512}  ${found.fileName}\n`, 'text/plain; charset=utf-8']
            : match[2] === '.asc'
              ? [found.signature, 'application/pgp-signature']
              : [found.body, 'application/json; charset=utf-8'];
      return send(
        request,
        reply,
        { body, etag: `"${found.sha256.slice(0, 32)}${match[2] ?? ''}"`, lastModified: found.visibleFrom },
        type,
        cache,
      );
    },
  );
}

/** RFC 9116 security.txt with the CSAF line (CSAF 2.0 requirement 8). */
export async function securityTxtRoutes(
  app: FastifyInstance,
  options: { contact: string; publicUrl: string },
) {
  app.get(
    '/.well-known/security.txt',
    { schema: hidden, config: { publicRoute: true } },
    async (_request, reply) => {
      const expires = new Date(app.services.clock.now().getTime() + 180 * DAY_MS);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', PUBLIC_CACHE)
        .send(
          [
            `Contact: ${options.contact}`,
            `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
            'Preferred-Languages: en, zh',
            `Canonical: ${options.publicUrl}/.well-known/security.txt`,
            // The PSIRT's own key (issue 43 §4), at one address whatever the key.
            `Encryption: ${options.publicUrl}${PSIRT_KEY_PATH}`,
            `Policy: ${options.publicUrl}${DISCLOSURE_POLICY_PATH}`,
            `CSAF: ${options.publicUrl}${PROVIDER_METADATA_PATH}`,
            '',
          ].join('\n'),
        );
    },
  );
}
