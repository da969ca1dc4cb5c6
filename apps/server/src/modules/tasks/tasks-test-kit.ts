import type { Task, TaskCreated } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { expect } from 'vitest';
import { createBoss } from '../../lib/jobs/boss';
import { withToken } from '../../test/requests';
import type { TestApp } from '../../test/test-app';

export { readIso, readTar, sha256, verifySums } from './bundle-check';

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

/** Lets retries waiting out their backoff run now (the backoff itself is pg-boss's, tested there). */
export async function skipBackoff(t: TestApp): Promise<void> {
  await t.db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
}

/** pg-boss as another portal process on the same database would run it. */
export async function otherProcessQueue(t: TestApp): Promise<PgBoss> {
  const boss = createBoss(t.database, { superviseIntervalSeconds: 3600, poolSize: 2 });
  boss.on('error', () => undefined);
  await boss.start();
  return boss;
}
