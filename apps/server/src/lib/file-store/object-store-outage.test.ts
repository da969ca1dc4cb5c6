import { ErrorCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogVersions, downloadRecords, storedFiles, users } from '../../db/schema';
import { withToken } from '../../test/requests';
import { archives, uploadVersion, versionMeta } from '../../modules/publishing/publishing-test-kit';
import { createMirrorTask, getTask, sha256, skipBackoff } from '../../modules/tasks/tasks-test-kit';
import { translate } from '../i18n/messages';
import {
  expectUnavailable,
  imagePart,
  PART_NUMBER,
  TIMEOUTS,
  useOutagePortal,
} from '../../test/outage-portal';

/**
 * Longer than every bound of the store client (TIMEOUTS), so each kind of request meets the
 * outage after its own timeouts; a longer wait adds nothing but CI time (it was 30 s, then 8 s
 * with the portal's own bounds: issue 41).
 */
const OUTAGE_MS = TIMEOUTS.idleMs + 1_500;

// The store going in the middle of one request: object-store-halt-mid-request.test.ts, on a portal
// of its own, so its tests run beside this one's wait.
describe('object storage away (s3rver halted, then back on the same port and folder)', () => {
  const portal = useOutagePortal();

  const ticketLink = async () => {
    const ticket = await withToken<{ url: string }>(portal.t.app, portal.customer.token, {
      method: 'POST',
      url: `/api/downloads/${portal.version.id}/ticket`,
    });
    expect(ticket.status).toBe(200);
    return `${ticket.body.data.url}&locale=en-US`;
  };
  const uploadEditorImage = () => {
    const body = imagePart();
    return portal.t.app.inject({
      method: 'POST',
      url: '/api/publishing/editor/images?locale=en-US',
      payload: body.payload,
      headers: { authorization: `Bearer ${portal.admin}`, 'content-type': body.contentType },
    });
  };
  const avatarOf = async (userId: number) =>
    (await portal.t.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)))[0]?.avatar;

  it("while away longer than every store timeout: readiness 503 within 2 s, downloads and uploads 503 in the reader's language with nothing half kept, tasks retried; all works again once back, without a restart", async () => {
    const { t, s3, admin, customer, version, itemId, uploadAvatar } = portal;
    const avatarBefore = await uploadAvatar();
    expect(avatarBefore.statusCode).toBe(200);
    const avatarId = avatarBefore.json<{ data: { id: string } }>().data.id;
    const filesBefore = await t.db.select().from(storedFiles);
    const link = await ticketLink();

    await s3.halt();
    const haltedAt = Date.now();
    try {
      const started = Date.now();
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ data: { ready: false, database: 'up', storage: 'down' } });

      // A browser link (302 to a presigned URL when the store is up) and a script with a token
      // (the bytes streamed through the portal): both are checked against the store first.
      expectUnavailable(await t.app.inject({ url: link }));
      expectUnavailable(await t.app.inject({ method: 'HEAD', url: link }), 'HEAD');
      expectUnavailable(await t.app.inject({ url: link.replace('&locale=en-US', '') }), 'zh-CN');
      expectUnavailable(
        await t.app.inject({
          url: `/api/downloads/${version.id}?locale=en-US`,
          headers: { authorization: `Bearer ${customer.token}` },
        }),
      );
      expect(
        await t.db.select().from(downloadRecords).where(eq(downloadRecords.versionId, version.id)),
      ).toEqual([]);

      // Uploads: nothing stored, no row, the previous avatar kept and still answered as away.
      expectUnavailable(await uploadAvatar(), 'en-US');
      expectUnavailable(await uploadAvatar('zh-CN'), 'zh-CN');
      expect(await avatarOf(customer.id)).toBe(avatarId);
      expectUnavailable(
        await t.app.inject({
          url: `/api/sysFileInfo/preview?id=${avatarId}&locale=en-US`,
          headers: { authorization: `Bearer ${customer.token}` },
        }),
      );
      expectUnavailable(await uploadEditorImage());
      expect(await t.db.select().from(storedFiles)).toEqual(filesBefore);
      const draft = await uploadVersion(
        t,
        admin,
        itemId,
        { filename: 'bmc-outage.zip', content: archives.zip('outage') },
        versionMeta({ version: '7.0.1' }),
      );
      expect(draft.status).toBe(503);
      expect(draft.body).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
      expect(await t.db.select().from(catalogVersions).where(eq(catalogVersions.itemId, itemId))).toEqual([]);

      // A bundle task: the attempt fails and is retried later, never SUCCESS without its file.
      const created = await createMirrorTask(t, customer.token, 'pn', PART_NUMBER);
      expect(created.status).toBe(200);
      const taskId = created.body.data.task.id;
      await t.app.services.jobs.runUntilIdle();
      const waiting = await getTask(t, customer.token, taskId);
      expect(waiting.status).toBe('PENDING');
      expect(waiting.result).toBeNull();
      expect(waiting.log.map((entry) => entry.message)).toContain(
        translate('en-US', 'TASK_LOG_DEPENDENCY_UNAVAILABLE'),
      );

      // The sweep cannot list the store: it fails (logged), removing nothing.
      await expect(t.app.services.orphanSweep.sweep()).rejects.toThrow();

      // Readiness stays 503, and quick, for the whole outage.
      while (Date.now() - haltedAt < OUTAGE_MS) {
        const probeStarted = Date.now();
        expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
        expect(Date.now() - probeStarted).toBeLessThan(2_500);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }

      await s3.restart();
      const back = Date.now();
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      expect(Date.now() - back).toBeLessThan(2_000);

      const redirect = await t.app.inject({ url: await ticketLink() });
      expect(redirect.statusCode).toBe(302);
      const fetched = await fetch(String(redirect.headers.location));
      expect(sha256(Buffer.from(await fetched.arrayBuffer()))).toBe(version.sha256);
      const streamed = await t.app.inject({
        url: `/api/downloads/${version.id}`,
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(streamed.statusCode).toBe(200);
      expect(sha256(streamed.rawPayload)).toBe(version.sha256);
      expect((await uploadAvatar()).statusCode).toBe(200);
      expect((await uploadEditorImage()).statusCode).toBe(200);
      const uploaded = await uploadVersion(
        t,
        admin,
        itemId,
        { filename: 'bmc-outage.zip', content: archives.zip('outage') },
        versionMeta({ version: '7.0.1' }),
      );
      expect(uploaded.status).toBe(200);

      await skipBackoff(t);
      await t.app.services.jobs.runUntilIdle();
      const done = await getTask(t, customer.token, taskId);
      expect(done.status).toBe('SUCCESS');
      const bundle = await t.app.inject({
        url: `/api/tasks/${taskId}/result`,
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(bundle.statusCode).toBe(200);
      expect(sha256(bundle.rawPayload)).toBe(done.result?.sha256);
    } finally {
      await s3.restart();
    }
  }, 90_000);
});
