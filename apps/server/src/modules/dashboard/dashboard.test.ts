import { type DashboardStats, ErrorCode } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadRecords } from '../../db/schema';
import { publishedItem } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { login, tokenFor, withToken } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { windowDates } from './dashboard.service';
import { DAY_MS } from '../../lib/clock';

describe.each(DRIVERS)('dashboard on %s', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver);
  });
  afterEach(() => t.close());

  it('counts downloads per day and per item, sign-ins and failures from the records', async () => {
    const today = t.clock.now();
    const { version: first } = await publishedItem(t, { kind: 'NIC', parts: ['PN-NIC-10G-2P'] });
    const { version: second } = await publishedItem(t, { kind: 'BIOS' });
    const at = (daysAgo: number) => new Date(today.getTime() - daysAgo * DAY_MS);
    const record = (versionId: number, daysAgo: number) => ({
      versionId,
      userId: null,
      bytes: 10,
      range: '',
      status: 'complete',
      ip: '127.0.0.1',
      counted: true,
      createdAt: at(daysAgo),
    });
    await t.db.insert(downloadRecords).values([
      record(first.id, 0),
      record(first.id, 0),
      // Another connection of a download: a record, not a download.
      { ...record(first.id, 0), range: 'bytes=0-4', counted: false },
      record(second.id, 2),
      record(first.id, 40), // outside a 30-day window
    ]);
    await login(t.app, 'admin', 'Wrong#Pass1');
    const admin = await adminToken(t.app);

    const answer = await withToken<DashboardStats>(t.app, admin, {
      url: '/api/dashboard/stats?days=30&locale=en-US',
    });
    expect(answer.status).toBe(200);
    const stats = answer.body.data;
    expect(stats.downloadsPerDay).toHaveLength(30);
    expect(stats.downloadsPerDay.map((point) => point.date)).toEqual(windowDates(today, 30));
    expect(stats.downloadsPerDay.at(-1)?.value).toBe(2);
    expect(stats.downloadsPerDay.at(-3)?.value).toBe(1);
    expect(stats.totals.downloads).toBe(3);
    expect(stats.topItems[0]).toMatchObject({ value: 2 });
    expect(stats.topItems).toHaveLength(2);
    expect(stats.totals.signIns).toBe(1);
    expect(stats.totals.failedSignIns).toBe(1);
    expect(stats.failedSignInsPerDay.at(-1)?.value).toBe(1);
    // The two versions this test published.
    expect(stats.totals.publishedVersions).toBe(2);
    expect(stats.taskBacklog).toEqual({ pending: 0, running: 0, failed: 0 });

    // The backlog counts the task engine's rows: two waiting, then one failed, one done.
    // A customer mirrors the firmware of a part number: one with a version above, one without.
    const customer = await createUser(t.db, { roleCodes: ['customer'] });
    const customerToken = await tokenFor(t.app, customer.account, customer.password);
    for (const values of ['PN-NIC-10G-2P', 'PN-NOTHING'])
      await withToken(t.app, customerToken, {
        method: 'POST',
        url: '/api/tasks/mirror',
        payload: { by: 'pn', values },
      });
    const backlog = async () =>
      (await withToken<DashboardStats>(t.app, admin, { url: '/api/dashboard/stats' })).body.data.taskBacklog;
    expect(await backlog()).toEqual({ pending: 2, running: 0, failed: 0 });
    await t.app.services.jobs.runUntilIdle();
    expect(await backlog()).toEqual({ pending: 0, running: 0, failed: 1 });

    const wide = await withToken<DashboardStats>(t.app, admin, { url: '/api/dashboard/stats?days=60' });
    expect(wide.body.data.totals.downloads).toBe(4);
    expect((await withToken(t.app, admin, { url: '/api/dashboard/stats?days=0' })).status).toBe(400);

    const refused = await withToken(t.app, customerToken, { url: '/api/dashboard/stats' });
    expect(refused.body.code).toBe(ErrorCode.NO_PERMISSION_RESOURCE);
  });
});
