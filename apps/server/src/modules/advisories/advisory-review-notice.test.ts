import type { AdvisoryInput, StaffAdvisoryDetail } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, users } from '../../db/schema';
import { referenceModel } from '../../test/catalog-factories';
import { createRole, createUser } from '../../test/factories';
import { callAs, tokenFor } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/**
 * Issue 42 §2: an advisory sent for review tells the staff who may approve it (advisory:approve,
 * and super administrators), except whoever submitted it, in both languages.
 */
describe.each(DRIVERS)('the "awaiting review" notice on %s', (driver) => {
  let t: TestApp;
  const people: Record<'writer' | 'approver' | 'otherApprover' | 'plainWriter' | 'customer', number> = {
    writer: 0,
    approver: 0,
    otherApprover: 0,
    plainWriter: 0,
    customer: 0,
  };
  let approverToken: string;
  let adminId: number;
  let modelId: number;

  const input = (): AdvisoryInput => ({
    tlp: 'WHITE',
    titleZh: '审核通知',
    titleEn: 'Review notice',
    summaryZh: '摘要',
    summaryEn: 'Summary',
    workaroundsZh: '',
    workaroundsEn: '',
    vulnerabilities: [
      {
        cve: 'CVE-2026-42000',
        cweId: null,
        cweName: '',
        cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        cvss40Vector: null,
        descriptionZh: '',
        descriptionEn: '',
      },
    ],
    affected: [{ modelId, pn: null, kind: 'BMC', affectedFrom: null, fixedIn: '9.0.0' }],
    fixedVersionIds: [],
    references: [],
    acknowledgments: [],
    publishAt: null,
    revisionSummary: '',
  });
  /** A user's advisory notices (the seed welcomes the administrator with another). */
  const noticesOf = async (userId: number) =>
    (
      await t.db
        .select({ titleEn: notices.titleEn, titleZh: notices.titleZh, contentEn: notices.contentEn })
        .from(notices)
        .where(eq(notices.userId, userId))
    ).filter((notice) => notice.titleEn.startsWith('Security advisory'));

  beforeAll(async () => {
    t = await createTestApp(driver);
    await createRole(t.db, 'review-writer', ['advisory:write']);
    await createRole(t.db, 'review-approver', ['advisory:write', 'advisory:approve']);
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const made = async (role: string) => createUser(t.db, { roleCodes: [role] });
    people.plainWriter = (await made('review-writer')).id;
    people.customer = (await made('customer')).id;
    people.otherApprover = (await made('review-approver')).id;
    const writer = await made('review-writer');
    people.writer = writer.id;
    const approver = await made('review-approver');
    people.approver = approver.id;
    approverToken = await tokenFor(t.app, approver.account, approver.password);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
    adminId = admin!.id;
    // An approver writes and submits: the other approver and the administrator are asked, not them.
    const created = await callAs<StaffAdvisoryDetail>(
      t.app,
      approverToken,
      'POST',
      '/api/staff/advisories',
      input(),
    );
    const submitted = await callAs<StaffAdvisoryDetail>(
      t.app,
      approverToken,
      'POST',
      `/api/staff/advisories/${created.body.data.id}/submit`,
    );
    expect(submitted.status).toBe(200);
  });
  afterAll(() => t?.close());

  it('reaches every other holder of advisory:approve, in both languages, naming the advisory and the submitter', async () => {
    const [advisory] = await t.db.query.advisories.findMany();
    for (const id of [people.otherApprover, adminId]) {
      const [notice, ...more] = await noticesOf(id);
      expect(more).toEqual([]);
      expect(notice?.titleEn).toBe(
        `Security advisory ${advisory!.advisoryId} awaits your review: Review notice`,
      );
      expect(notice?.titleZh).toBe(`安全公告 ${advisory!.advisoryId} 待您审核：审核通知`);
      expect(notice?.contentEn).toMatch(
        /submitted security advisory .* for review\. .* at http.*\/system\/advisories$/,
      );
    }
  });

  it('does not reach the submitter, writers who may not approve, or customers', async () => {
    for (const id of [people.approver, people.plainWriter, people.writer, people.customer])
      expect(await noticesOf(id)).toEqual([]);
  });
});
