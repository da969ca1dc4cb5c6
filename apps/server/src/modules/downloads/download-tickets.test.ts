import { ErrorCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { createMirrorTask, getTask } from '../tasks/tasks-test-kit';
import { addVersion } from './downloads-test-kit';

type Ticket = { url: string; ticket: string; expiresAt: string };

/**
 * Browser links carry a download ticket, never the session token (issue 16 §2): a ticket opens
 * one target, for minutes, for the user and session it was issued to.
 */
describe.each(DRIVERS)('download tickets on %s', (driver) => {
  let t: TestApp;
  let customer: string;
  /** An item every signed-in user may download. */
  let itemCode: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = (await signedInUser(t, { roleCodes: ['customer'], organisation: 'Ticket Co' })).token;
    itemCode = (await publishedItem(t, { kind: 'SOFTWARE', visibility: 'signed_in' })).item.code;
  }, 60_000);
  afterAll(() => t.close());

  const ticketFor = (token: string, versionId: number) =>
    withToken<Ticket>(t.app, token, {
      method: 'POST',
      url: `/api/downloads/${versionId}/ticket?locale=en-US`,
    });
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('refuses a session token in the URL, whatever else the request carries', async () => {
    const version = await addVersion(t, { itemCode, fileName: 'ims.tar.gz', size: 1000 });
    for (const url of [
      `/api/downloads/${version.id}?token=${customer}`,
      `/api/downloads/${version.id}/SHA256SUMS?token=${customer}`,
      `/api/downloads/manifest.json?token=${customer}`,
      `/api/tasks/1/result?token=${customer}`,
    ]) {
      const answer = await get(`${url}&locale=en-US`, { authorization: `Bearer ${customer}` });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().code).toBe(ErrorCode.TOKEN_IN_URL);
      expect(answer.json().message).toMatch(/not accepted in links/);
    }
  });

  it('opens its file for GET, HEAD and Range, and the checksums of the same version', async () => {
    const version = await addVersion(t, { itemCode, fileName: 'ims.tar.gz', size: 50_000 });
    const answer = await ticketFor(customer, version.id);
    expect(answer.status).toBe(200);
    const { url, ticket, expiresAt } = answer.body.data;
    expect(url).toBe(`/api/downloads/${version.id}?ticket=${ticket}`);
    expect(url).not.toContain(customer);
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(300_000);

    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(version.bytes)).toBe(true);
    expect((await get(url, {}, 'HEAD')).statusCode).toBe(200);
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(version.bytes.subarray(100, 200))).toBe(true);
    expect((await get(`/api/downloads/${version.id}/SHA256SUMS?ticket=${ticket}`)).statusCode).toBe(200);
    expect((await get(`/api/downloads/${version.id}/manifest.json?ticket=${ticket}`)).statusCode).toBe(200);

    // Only the hash is stored.
    const stored = await t.db.query.downloadTickets.findMany();
    expect(JSON.stringify(stored)).not.toContain(ticket);
  });

  it('is bound to its target: another version, the full manifest or a task are refused', async () => {
    const [one, two] = [
      await addVersion(t, { itemCode, fileName: 'a.tar.gz' }),
      await addVersion(t, { itemCode, fileName: 'b.tar.gz' }),
    ];
    const { ticket } = (await ticketFor(customer, one.id)).body.data;
    for (const url of [
      `/api/downloads/${two.id}?ticket=${ticket}`,
      `/api/downloads/manifest.json?ticket=${ticket}`,
      `/api/tasks/${one.id}/result?ticket=${ticket}`,
      `/api/downloads/${one.id}?ticket=${'a'.repeat(43)}`,
      `/api/downloads/${one.id}?ticket=short`,
    ]) {
      const answer = await get(`${url}&locale=en-US`);
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().code).toBe(ErrorCode.DOWNLOAD_TICKET_INVALID);
    }
  });

  it('expires after its lifetime and dies with its session (sign-out) or a frozen account', async () => {
    const version = await addVersion(t, { itemCode, fileName: 'c.tar.gz' });
    const expiring = (await ticketFor(customer, version.id)).body.data.url;
    t.clock.advance(299_000);
    expect((await get(expiring)).statusCode).toBe(200);
    t.clock.advance(2_000);
    expect((await get(expiring)).json().code).toBe(ErrorCode.DOWNLOAD_TICKET_INVALID);

    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const token = await tokenFor(t.app, user.account, user.password);
    const signedOut = (await ticketFor(token, version.id)).body.data.url;
    expect((await get(signedOut)).statusCode).toBe(200);
    expect((await withToken(t.app, token, { url: '/api/logout' })).status).toBe(200);
    expect((await get(signedOut)).json().code).toBe(ErrorCode.DOWNLOAD_TICKET_INVALID);

    // Staff freezing an account also ends its sessions (users-admin.service.ts), which alone would
    // kill the ticket; the flag is set by itself here so that only the frozen check can refuse it,
    // and cleared again to show that the session was still live.
    const frozen = await createUser(t.db, { roleCodes: ['customer'] });
    const frozenToken = await tokenFor(t.app, frozen.account, frozen.password);
    const frozenUrl = (await ticketFor(frozenToken, version.id)).body.data.url;
    expect((await get(frozenUrl)).statusCode).toBe(200);
    const setFrozen = (value: boolean) =>
      t.db.update(users).set({ frozen: value }).where(eq(users.id, frozen.id));
    await setFrozen(true);
    const refused = await get(frozenUrl);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(ErrorCode.DOWNLOAD_TICKET_INVALID);
    await setFrozen(false);
    expect((await get(frozenUrl)).statusCode).toBe(200);
  });

  it('is issued only for what the caller may download now', async () => {
    const { version: early } = await publishedItem(t, {
      visibility: 'restricted',
      grants: [['customer', 'Ticket Co']],
    });
    const outsider = await createUser(t.db, { roleCodes: ['customer'], company: 'Nobody Ltd' });
    const outsiderToken = await tokenFor(t.app, outsider.account, outsider.password);
    const refused = await ticketFor(outsiderToken, early.id);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
    expect((await ticketFor(customer, early.id)).status).toBe(200);
    // Without a session there is no ticket at all.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/downloads/${early.id}/ticket` })).statusCode,
    ).toBe(401);
  });

  it("issues a task result ticket only to the task's owner", async () => {
    // A real, finished task of the customer: its owner gets a ticket, another user does not.
    const part = 'PN-TICKET-1';
    await publishedItem(t, { kind: 'PCIE', visibility: 'signed_in', parts: [part] });
    const created = await createMirrorTask(t, customer, 'pn', part);
    expect(created.status).toBe(200);
    const id = created.body.data.task.id;
    await t.app.services.jobs.runUntilIdle();
    expect((await getTask(t, customer, id)).status).toBe('SUCCESS');
    const resultTicket = (token: string) =>
      withToken<Ticket>(t.app, token, { method: 'POST', url: `/api/tasks/${id}/result/ticket?locale=en-US` });
    const own = await resultTicket(customer);
    expect(own.status).toBe(200);
    expect((await get(own.body.data.url)).statusCode).toBe(200);

    // A colleague of the same organisation, who may see the same catalogue, but not my task.
    const other = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Ticket Co' });
    const otherToken = await tokenFor(t.app, other.account, other.password);
    const answer = await resultTicket(otherToken);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(ErrorCode.TASK_NOT_FOUND);
    // Without a session there is no ticket, for a task or the full manifest.
    for (const url of ['/api/tasks/1/result/ticket', '/api/downloads/manifest.json/ticket'])
      expect((await t.app.inject({ method: 'POST', url })).statusCode, url).toBe(401);
  });
});
