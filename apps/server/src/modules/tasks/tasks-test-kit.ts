import type { Task, TaskCreated } from '@portal/contract';
import { expect } from 'vitest';
import { withToken } from '../../test/requests';
import type { TestApp } from '../../test/test-app';

export { readTar, sha256, verifySums } from './bundle-check';

export async function createMirrorTask(t: TestApp, token: string, by: 'sn' | 'pn', values: string) {
  return withToken<TaskCreated>(t.app, token, {
    method: 'POST',
    url: '/api/tasks/mirror?locale=en-US',
    payload: { by, values },
  });
}

export async function getTask(t: TestApp, token: string, id: number, locale = 'en-US') {
  const answer = await withToken<Task>(t.app, token, { url: `/api/tasks/${id}?locale=${locale}` });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Downloads a result the way the console does: a ticket first, then a plain link. */
export async function downloadResult(t: TestApp, token: string, id: number): Promise<Buffer> {
  const ticket = await withToken<{ url: string }>(t.app, token, {
    method: 'POST',
    url: `/api/tasks/${id}/result/ticket`,
  });
  expect(ticket.status).toBe(200);
  const response = await t.app.inject({ url: ticket.body.data.url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}
