import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notices } from '../../db/schema';
import { bindSerial, createServer, referenceModel } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { createItem, publishVersion } from '../feeds/release-test-kit';

describe.each(DRIVERS)('notices fanned out by a queued job on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let itemId: number;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminToken(t.app);
    itemId = await createItem(t, admin, { code: 'fanout-bmc' });
  }, 60_000);
  afterAll(() => t.close());

  const noticesOf = async (userIds: number[], titleEn: string) =>
    t.db
      .select({ userId: notices.userId })
      .from(notices)
      .where(and(inArray(notices.userId, userIds), eq(notices.titleEn, titleEn)));

  const publish = (version: string, cves: string[]) =>
    publishVersion(t, admin, itemId, { version, cves, models: ['M7-2U'] });

  const serverOf = async (modelCode: string) =>
    (await createServer(t.db, { modelId: (await referenceModel(t.db, modelCode)).id })).sn;

  it('new firmware reaches exactly the users with a verified server of a supported model, after the request', async () => {
    const owner = await createUser(t.db, { roleCodes: ['customer'], email: 'owner@example.test' });
    const pending = await createUser(t.db, { roleCodes: ['customer'] });
    const stranger = await createUser(t.db, { roleCodes: ['customer'] });
    const supported = await serverOf('M7-2U');
    const now = t.clock.now();
    await bindSerial(t.db, owner.id, supported, 'verified', now);
    await bindSerial(t.db, pending.id, supported, 'pending', now);
    await bindSerial(t.db, stranger.id, await serverOf('M6-1U'), 'verified', now);
    await publish('9.9.1', []);
    const title = 'New firmware for your servers: M7 test BMC 9.9.1';
    const everyone = [owner.id, pending.id, stranger.id];
    // Nothing is posted inside the publishing request: the queued job does it.
    expect(await noticesOf(everyone, title)).toEqual([]);
    expect(await t.app.services.jobs.runUntilIdle()).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(everyone, title)).toEqual([{ userId: owner.id }]);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'owner@example.test'));
    expect(mail?.body).toContain(supported);
    // The severity reads as a word of the reader's language, not as its code (issue 18 §3).
    expect(mail?.body).toContain('重要程度：推荐');
  });

  it('a version with CVE ids is a security advisory for every active user, mailed per their settings', async () => {
    const active = await createUser(t.db, { roleCodes: ['customer'], email: 'active@example.test' });
    const frozen = await createUser(t.db, { roleCodes: ['customer'], frozen: true });
    const quiet = await createUser(t.db, { roleCodes: ['customer'], email: 'quiet@example.test' });
    await createUser(t.db, {
      roleCodes: ['customer'],
      email: 'english@example.test',
      locale: 'en-US',
    });
    const quietToken = await tokenFor(t.app, quiet.account, quiet.password);
    const settings = await withToken(t.app, quietToken, {
      method: 'PUT',
      url: '/api/sysUser/notificationSettings',
      payload: {
        firmwareForMyServers: { inApp: true, email: true },
        taskFinished: { inApp: true, email: false },
        securityAdvisories: { inApp: false, email: false },
      },
    });
    expect(settings.status).toBe(200);
    await publish('9.9.2', ['CVE-2026-0001']);
    await t.app.services.jobs.runUntilIdle();
    const title = 'Security advisory: M7 test BMC 9.9.2';
    expect(await noticesOf([active.id, frozen.id, quiet.id], title)).toEqual([{ userId: active.id }]);
    // Mail goes out in the recipient's language (zh-CN unless they chose English).
    const mails = await t.db
      .select({ to: mailOutbox.recipient })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, '安全公告：M7 测试 BMC 9.9.2'));
    expect(mails.map((m) => m.to)).toContain('active@example.test');
    expect(mails.map((m) => m.to)).not.toContain('quiet@example.test');
    const [inEnglish] = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'english@example.test'));
    expect(inEnglish?.subject).toBe(title);
  });

  it('a recall reaches exactly the users who downloaded that version', async () => {
    const id = await publish('9.9.3', []);
    const [first, second, bystander] = await Promise.all(
      [1, 2, 3].map(() => createUser(t.db, { roleCodes: ['customer'] })),
    );
    for (const user of [first!, second!]) {
      const token = await tokenFor(t.app, user.account, user.password);
      const download = await t.app.inject({
        url: `/api/downloads/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.statusCode).toBe(200);
    }
    await t.app.services.downloads.drain();
    await t.app.services.jobs.runUntilIdle();
    const recalled = await withToken<{ notified: number }>(t.app, admin, {
      method: 'POST',
      url: `/api/publishing/versions/${id}/recall`,
      payload: { reason: 'Boot loop', notifyDownloaders: true },
    });
    expect(recalled.status).toBe(200);
    expect(recalled.body.data.notified).toBe(2);
    await t.app.services.jobs.runUntilIdle();
    const got = await noticesOf([first!.id, second!.id, bystander!.id], 'Recalled: M7 test BMC 9.9.3');
    expect(got.map((n) => n.userId).sort()).toEqual([first!.id, second!.id].sort());
  });
});
