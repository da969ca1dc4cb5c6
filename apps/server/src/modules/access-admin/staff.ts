import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import type { Staff } from './roles-admin.service';

/** The signed-in staff member acting in a request, as the audit log records them. */
export const staffOf =
  (app: FastifyInstance) =>
  async (request: FastifyRequest): Promise<Staff> => ({
    ...(await app.services.audit.actorOf(request)),
    userId: sessionOf(request).userId,
  });
