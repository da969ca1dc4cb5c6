import multipart from '@fastify/multipart';
import {
  downloadTicketSchema,
  PCIE_UPLOAD_MAX_BYTES,
  PCIE_UPLOAD_MAX_VALUES,
  TASK_MIRROR_MAX_VALUES,
  livecdTaskBodySchema,
  mirrorTaskBodySchema,
  pcieUploadQuerySchema,
  taskCreatedSchema,
  taskIdParamsSchema,
  taskPageSchema,
  taskQuerySchema,
  taskSchema,
  type Task,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/messages';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { checkLookupValues, parseLookupValues } from '../catalog/pcie-lookup.service';
import { uploadedText } from '../catalog/uploaded-text';
import { optionalUserId } from '../downloads/download-auth';
import { sendTaskResult } from './task-result-file';
import { named } from '../../lib/named-plugin';

const tags = ['tasks'];
const security = [{ bearer: [] }];
const created = (request: FastifyRequest, task: Task) =>
  ok(request, { task, message: translate(request.locale, 'TASK_CREATED') });

/** The result file: its own scope, because a browser link carries a download ticket, not a session. */
async function taskResultRoute(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    method: ['GET', 'HEAD'],
    url: '/api/tasks/:id/result',
    config: { tokenScope: 'tasks' },
    schema: {
      tags,
      summary: 'The result file of my finished task (Range, If-Range, ETag); Bearer or `?ticket=`',
      security,
      params: taskIdParamsSchema,
      querystring: z.object({ ticket: z.string().max(64).optional(), token: z.string().max(512).optional() }),
    },
    compress: false,
    handler: async (request, reply) => {
      const userId = await optionalUserId(app, request, { kind: 'task', id: request.params.id });
      if (userId === null) throw new AppError('TOKEN_EMPTY');
      const target = await app.services.tasks.resultTarget(userId, request.params.id);
      // Results fetched with a personal access token count against the account's daily bytes.
      const chargeBytes =
        request.auth?.tokenId !== undefined
          ? (bytes: number) => app.services.apiQuota.chargeBytes(userId, bytes)
          : undefined;
      return sendTaskResult(request, reply, app.services.store, target, chargeBytes);
    },
  });
}

/** Personal center > Tasks: create (typed list, .txt list, custom LiveCD), list, read, retry. */
async function taskApiRoutes(app: FastifyInstance) {
  await requireSession(app);
  await app.register(multipart, {
    limits: { fileSize: PCIE_UPLOAD_MAX_BYTES + 1, files: 1, fields: 0, parts: 2 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tasks } = app.services;
  const userOf = (request: FastifyRequest) => sessionOf(request).userId;
  // A typed list and an uploaded .txt list queue the same task, each under its own limit.
  const queueMirror = async (request: FastifyRequest, by: 'sn' | 'pn', rawValues: string, max: number) => {
    const values = parseLookupValues(rawValues);
    checkLookupValues(by, values, max);
    return created(request, await tasks.createMirror(userOf(request), by, values, request.locale));
  };

  routes.post(
    '/api/tasks/:id/result/ticket',
    {
      schema: {
        tags,
        summary: "A download ticket for my finished task's result (a link valid for minutes, bound to me)",
        security,
        params: taskIdParamsSchema,
        response: responses(downloadTicketSchema, [400, 404, 410, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { userId, sessionId } = sessionOf(request);
      await tasks.resultTarget(userId, request.params.id); // only my own, finished, unexpired result
      const { ticket, expiresAt } = await app.services.downloadTickets.issue(userId, sessionId, {
        kind: 'task',
        id: request.params.id,
      });
      const url = `/api/tasks/${request.params.id}/result?ticket=${ticket}`;
      return ok(request, { url, ticket, expiresAt: expiresAt.toISOString() });
    },
  );

  routes.post(
    '/api/tasks/mirror',
    {
      config: { tokenScope: 'tasks' },
      schema: {
        tags,
        summary: `LIST_MIRROR_SN / LIST_MIRROR_PN from at most ${TASK_MIRROR_MAX_VALUES} comma-separated values`,
        security,
        body: mirrorTaskBodySchema,
        response: responses(taskCreatedSchema, [400, 429, ...AUTH_ERRORS]),
      },
    },
    async (request) => queueMirror(request, request.body.by, request.body.values, TASK_MIRROR_MAX_VALUES),
  );

  routes.post(
    '/api/tasks/mirror/upload',
    {
      schema: {
        tags,
        summary: `The same from a .txt list (field \`file\`, at most ${PCIE_UPLOAD_MAX_VALUES} values)`,
        security,
        querystring: pcieUploadQuerySchema,
        response: responses(taskCreatedSchema, [400, 429, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      queueMirror(request, request.query.by, await uploadedText(request), PCIE_UPLOAD_MAX_VALUES),
  );

  routes.post(
    '/api/tasks/livecd',
    {
      config: { tokenScope: 'tasks' },
      schema: {
        tags,
        summary: 'PACKAGE_LIVE_CD: an ISO 9660 image of a LiveCD image and chosen components',
        security,
        body: livecdTaskBodySchema,
        response: responses(taskCreatedSchema, [400, 404, 429, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      created(request, await tasks.createLivecd(userOf(request), request.body, request.locale)),
  );

  routes.get(
    '/api/tasks',
    {
      config: { tokenScope: 'tasks' },
      schema: {
        tags,
        summary: 'My tasks, newest first',
        security,
        querystring: taskQuerySchema,
        response: responses(taskPageSchema, AUTH_ERRORS),
      },
    },
    async (request) =>
      ok(
        request,
        await tasks.list(userOf(request), request.query.pageNo, request.query.pageSize, request.locale),
      ),
  );

  routes.get(
    '/api/tasks/:id',
    {
      config: { tokenScope: 'tasks' },
      schema: {
        tags,
        summary: 'One of my tasks with its log',
        security,
        params: taskIdParamsSchema,
        response: responses(taskSchema, [404, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await tasks.get(userOf(request), request.params.id, request.locale)),
  );

  routes.post(
    '/api/tasks/:id/retry',
    {
      config: { tokenScope: 'tasks' },
      schema: {
        tags,
        summary: 'Runs a FAILED task again',
        security,
        params: taskIdParamsSchema,
        response: responses(taskSchema, [404, 409, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await tasks.retry(userOf(request), request.params.id, request.locale)),
  );
}

export async function taskRoutes(app: FastifyInstance) {
  await app.register(named(taskResultRoute));
  await app.register(named(taskApiRoutes));
}
