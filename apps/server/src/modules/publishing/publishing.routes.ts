import multipart from '@fastify/multipart';
import { PUBLISH_PERMISSION_CODE } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { requirePermission, requireSession } from '../../plugins/authenticate';
import { publishingItemRoutes } from './publishing-item.routes';
import { publishingUploadRoutes } from './publishing-upload.routes';
import { publishingVersionRoutes } from './publishing-version.routes';
import { sbomPublishingRoutes } from '../sbom/sbom.routes';
import { named } from '../../lib/named-plugin';

/**
 * Staff publishing (application `system`): every route below needs a session
 * and the firmware:publish permission, checked before any body is read.
 */
export async function publishingRoutes(app: FastifyInstance, config: Pick<Config, 'PUBLISH_MAX_BYTES'>) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, PUBLISH_PERMISSION_CODE));
  // One byte more than allowed reaches the store, which then refuses it as too large.
  await app.register(multipart, {
    limits: { fileSize: config.PUBLISH_MAX_BYTES + 1, files: 1, fields: 1, parts: 2, fieldSize: 64 * 1024 },
  });
  await app.register(named(publishingItemRoutes));
  await app.register(named(publishingVersionRoutes));
  await app.register(named(publishingUploadRoutes));
  await app.register(named(sbomPublishingRoutes));
}
