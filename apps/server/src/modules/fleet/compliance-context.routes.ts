import {
  OFFLINE_CONTEXT_FORMAT,
  OFFLINE_CONTEXT_PATH,
  type OfflineComplianceContext,
} from '@portal/contract/compliance';
import { SIGNATURE_HEADER, SIGNING_KEY_ID_HEADER } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requireSession, sessionOf } from '../../plugins/authenticate';

/**
 * GET /api/fleet/compliance-context.json (issue 44 §2): my servers and what compliance reads about
 * them, for `fwportal mirror sync` to carry to an isolated network, where `fwportal audit --repo`
 * runs the portal's own rules on it. Signed with the release key like the manifests; the signature
 * rides in X-Signature of the same answer (the document holds a time, so a second request would
 * not match it).
 */
export async function complianceContextRoutes(app: FastifyInstance) {
  await requireSession(app);
  const { compliance, softwareIds, manifests, clock } = app.services;
  app.get(
    OFFLINE_CONTEXT_PATH,
    {
      schema: {
        tags: ['fleet'],
        security: [{ bearer: [] }],
        summary:
          'My servers, the releases, advisories and baselines compliance reads for them and the Redfish SoftwareIds, Ed25519-signed (X-Signature), for offline audits',
      },
      // The scope `fwportal audit` holds: the same servers and rules it reads from the portal online.
      config: { tokenScope: 'inventory' as const },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      const [parts, ids] = await Promise.all([compliance.offlineContext(userId), softwareIds.map(userId)]);
      const unsigned = await manifests.signed(Buffer.alloc(0));
      const document: OfflineComplianceContext = {
        format: OFFLINE_CONTEXT_FORMAT,
        keyId: unsigned.keyId,
        origin: manifests.origin,
        generatedAt: clock.now().toISOString(),
        ...parts,
        softwareIds: ids.entries,
      };
      const signed = await manifests.signed(Buffer.from(JSON.stringify(document), 'utf8'));
      return reply
        .header(SIGNATURE_HEADER, signed.signature.toString('base64'))
        .header(SIGNING_KEY_ID_HEADER, signed.keyId)
        .header('cache-control', 'private, no-cache')
        .type('application/json; charset=utf-8')
        .send(signed.body);
    },
  );
}
