import { type AdvisoryInput, type StaffAdvisoryDetail, staffAdvisoryPathOf } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, users } from '../../db/schema';
import { advisoryRoles, signedInWith } from '../../test/advisory-fixtures';
import { bmcBefore, flawAdvisoryInput } from '../../test/advisory-input';
import { referenceModel } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { callAs } from '../../test/requests';
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
  let adminId: number;
  let modelId: number;

  const input = (): AdvisoryInput =>
    flawAdvisoryInput({
      title: ['审核通知', 'Review notice'],
      cve: 'CVE-2026-42000',
      affected: bmcBefore(modelId),
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
    const roles = await advisoryRoles(t, 'review');
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const made = async (role: string) => createUser(t.db, { roleCodes: [role] });
    people.plainWriter = (await made(roles.writer)).id;
    people.customer = (await made('customer')).id;
    people.otherApprover = (await made(roles.approver)).id;
    people.writer = (await made(roles.writer)).id;
    const approver = await signedInWith(t, roles.approver);
    people.approver = approver.id;
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
    adminId = admin!.id;
    // An approver writes and submits: the other approver and the administrator are asked, not them.
    const staff = (url: string, body?: object) =>
      callAs<StaffAdvisoryDetail>(t.app, approver.token, 'POST', `/api/staff/advisories${url}`, body);
    const created = await staff('', input());
    expect((await staff(`/${created.body.data.id}/submit`)).status).toBe(200);
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
      // The link opens the staff list searched for this advisory, where it is approved.
      expect(notice?.contentEn).toMatch(/submitted security advisory .* for review\. .* at http\S+$/);
      expect(notice?.contentEn.endsWith(staffAdvisoryPathOf(advisory!.advisoryId))).toBe(true);
    }
  });

  it('does not reach the submitter, writers who may not approve, or customers', async () => {
    for (const id of [people.approver, people.plainWriter, people.writer, people.customer])
      expect(await noticesOf(id)).toEqual([]);
  });
});
