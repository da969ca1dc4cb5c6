import type { Art14Case, Art14Export } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { signedInUser } from '../../test/signed-in-user';
import { draftAdvisory, fixPublished } from '../../test/psirt-fixtures';
import { callAs } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-02T10:00:00Z');
const HOUR = 3_600_000;

describe.each(DRIVERS)('CRA Art. 14 cases on %s', (driver) => {
  let t: TestApp;
  let psirt: string;
  let staff: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { now: NOW });
    psirt = (await signedInUser(t, { roleCodes: ['psirt'] })).token;
    // The seeded staff role: every staff permission but the PSIRT's.
    staff = (await signedInUser(t, { roleCodes: ['staff'] })).token;
    customer = (await signedInUser(t)).token;
  });
  afterAll(() => t?.close());

  const open = async (token: string, advisoryPk: number, extra: object = {}) =>
    callAs<Art14Case>(t.app, token, 'POST', '/api/staff/psirt/art14', {
      advisoryPk,
      kind: 'exploitedVulnerability',
      awareAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
      exploitNature: 'Remote code execution through the BMC web server, exploited in the wild.',
      memberStates: ['DE', 'FR'],
      ...extra,
    });

  it('only the PSIRT reads or changes cases: anonymous 401, customer and lesser staff 403', async () => {
    const advisory = await draftAdvisory(t);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/staff/psirt/art14' });
    expect(anonymous.statusCode).toBe(401);
    for (const token of [customer, staff]) {
      expect((await callAs(t.app, token, 'GET', '/api/staff/psirt/art14')).status).toBe(403);
      expect((await callAs(t.app, token, 'GET', '/api/staff/psirt/art14/candidates')).status).toBe(403);
      expect((await open(token, advisory.id)).status).toBe(403);
    }
    // Nothing was opened by the refused attempts.
    expect((await callAs<Art14Case[]>(t.app, psirt, 'GET', '/api/staff/psirt/art14')).body.data).toEqual([]);
  });

  it('opens a case with its deadlines, records submissions and audits each step', async () => {
    const advisory = await draftAdvisory(t);
    const candidates = await callAs<{ advisoryPk: number }[]>(
      t.app,
      psirt,
      'GET',
      '/api/staff/psirt/art14/candidates',
    );
    expect(candidates.body.data.map((row) => row.advisoryPk)).toContain(advisory.id);

    const opened = await open(psirt, advisory.id);
    expect(opened.status).toBe(200);
    const item = opened.body.data;
    expect(item).toMatchObject({
      advisoryId: advisory.advisoryId,
      severity: 'CRITICAL',
      cves: ['CVE-2026-55555'],
    });
    expect(item.stages).toEqual([
      { stage: 'earlyWarning', dueAt: '2026-11-03T08:00:00.000Z', submittedAt: null, state: 'open' },
      { stage: 'notification', dueAt: '2026-11-05T08:00:00.000Z', submittedAt: null, state: 'open' },
      { stage: 'finalReport', dueAt: null, submittedAt: null, state: 'waitingForFix' },
    ]);
    // One case per advisory.
    expect((await open(psirt, advisory.id)).body.code).toBe(1033002);

    const submitted = await callAs<Art14Case>(
      t.app,
      psirt,
      'POST',
      `/api/staff/psirt/art14/${item.id}/submissions`,
      {
        stage: 'earlyWarning',
        reference: 'ENISA-SRP-2026-0042',
      },
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.stages[0]).toMatchObject({
      state: 'submitted',
      submittedAt: NOW.toISOString(),
    });
    expect(submitted.body.data.submissions).toEqual([
      expect.objectContaining({
        stage: 'earlyWarning',
        reference: 'ENISA-SRP-2026-0042',
        submittedAt: NOW.toISOString(),
      }),
    ]);
    expect(submitted.body.data.submissions[0]?.submittedBy).toMatch(/^user_/);

    const actions = await t.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'art14Case'), eq(auditLog.targetId, String(item.id))));
    expect(actions.map((row) => row.action)).toEqual(['psirt.art14.open', 'psirt.art14.submit']);
    expect(actions[1]?.detail).toMatchObject({ stage: 'earlyWarning', reference: 'ENISA-SRP-2026-0042' });
  });

  it('refuses an awareness or submission time in the future and an unknown case', async () => {
    const advisory = await draftAdvisory(t);
    const future = await open(psirt, advisory.id, {
      awareAt: new Date(NOW.getTime() + 3 * HOUR).toISOString(),
    });
    expect(future.body.code).toBe(1033003);
    expect((await callAs(t.app, psirt, 'GET', '/api/staff/psirt/art14/999999')).status).toBe(404);
    expect((await open(psirt, 999_999)).status).toBe(404);
  });

  it('the final report is due 14 days after the fix; the export holds what the advisory says, in both languages', async () => {
    const advisory = await draftAdvisory(t, {
      workaroundsEn: 'Block port 623.',
      workaroundsZh: '封锁 623 端口。',
    });
    const fixAt = new Date(NOW.getTime() - HOUR);
    const announcedAt = new Date(NOW.getTime() - HOUR / 2);
    await fixPublished(t, advisory, fixAt, announcedAt);
    const item = (await open(psirt, advisory.id)).body.data;
    expect(item.fixAvailableAt).toBe(fixAt.toISOString());
    expect(item.customersNotifiedAt).toBe(announcedAt.toISOString());
    expect(item.stages[2]).toMatchObject({ dueAt: '2026-11-16T09:00:00.000Z', state: 'open' });

    const warning = await callAs<Art14Export>(
      t.app,
      psirt,
      'GET',
      `/api/staff/psirt/art14/${item.id}/export?stage=earlyWarning`,
    );
    expect(warning.body.data.content).toMatchObject({
      stage: 'earlyWarning',
      products: [{ product: 'M7-2U', component: 'BMC', affectedFrom: '2.0.0', fixedIn: '2.5.0' }],
      vulnerabilities: [
        expect.objectContaining({ cve: 'CVE-2026-55555', baseScore: 9.8, severity: 'CRITICAL' }),
      ],
      memberStates: ['DE', 'FR'],
      natureOfExploit: null,
      correctiveMeasures: null,
    });
    const final = await callAs<Art14Export>(
      t.app,
      psirt,
      'GET',
      `/api/staff/psirt/art14/${item.id}/export?stage=finalReport`,
    );
    expect(final.body.data.content.correctiveMeasures).toMatchObject({
      workarounds: 'Block port 623.',
      fixedVersions: [expect.objectContaining({ version: '2.5.0' })],
    });
    expect(final.body.data.content.customersNotifiedAt).toBe(announcedAt.toISOString());
    expect(final.body.data.text).toContain('Final report (CRA Art. 14)');
    expect(final.body.data.text).toContain('Affected customers told on: 2026-11-02 09:30 UTC');
    expect(final.body.data.fileName).toMatch(/-art14-finalReport\.json$/);
    const zh = await callAs<Art14Export>(
      t.app,
      psirt,
      'GET',
      `/api/staff/psirt/art14/${item.id}/export?stage=finalReport`,
      undefined,
      'zh-CN',
    );
    expect(zh.body.data.text).toContain('最终报告（CRA 第 14 条）');
    expect(zh.body.data.text).toContain('封锁 623 端口。');
    const exports = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'psirt.art14.export'), eq(auditLog.targetId, String(item.id))));
    expect(exports.map((row) => (row.detail as { stage?: string }).stage)).toEqual([
      'earlyWarning',
      'finalReport',
      'finalReport',
    ]);
  });

  it('a severe incident: final report one month after the notification; corrections are audited', async () => {
    const advisory = await draftAdvisory(t);
    const item = (await open(psirt, advisory.id, { kind: 'severeIncident', suspectedMalicious: true })).body
      .data;
    expect(item.stages[2]?.dueAt).toBe('2026-12-05T08:00:00.000Z');
    const corrected = await callAs<Art14Case>(t.app, psirt, 'PUT', `/api/staff/psirt/art14/${item.id}`, {
      kind: 'severeIncident',
      awareAt: new Date(NOW.getTime() - 30 * HOUR).toISOString(),
      memberStates: ['IT'],
    });
    expect(corrected.body.data.stages[0]).toMatchObject({ state: 'overdue' });
    expect(corrected.body.data.memberStates).toEqual(['IT']);
    expect(
      (
        await callAs(t.app, staff, 'PUT', `/api/staff/psirt/art14/${item.id}`, {
          kind: 'severeIncident',
          awareAt: NOW.toISOString(),
        })
      ).status,
    ).toBe(403);
  });
});
