import type { AdvisoryInput, StaffAdvisoryDetail } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, catalogVersions, notices, roles, userRoles, users } from '../../db/schema';
import { advisoryRoles, customerRunning, draftFix, signedInWith } from '../../test/advisory-fixtures';
import { bmcBefore, flawAdvisoryInput } from '../../test/advisory-input';
import { createItem, createVersion, referenceModel } from '../../test/catalog-factories';
import { createRole } from '../../test/factories';
import { callAs } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { validateCsaf } from './csaf/csaf-validate';

const HOUR = 3_600_000;
/** 403: a held (draft) fix named or approved without the right to publish firmware. */
const HELD_FIX_FORBIDDEN = 1028009;

/**
 * Issue 40 §1 as the attackers tried it: an advisory publishes its held (draft) fixes at the
 * embargo time, so naming one, approving an advisory that holds one and the announcer's publishing
 * each need firmware:publish (the approver's, checked again when it publishes). Staff with only
 * advisory:write and advisory:approve could otherwise publish a draft they may not even read.
 */
describe.each(DRIVERS)('held fixes and the right to publish them on %s', (driver) => {
  let t: TestApp;
  type Staff = { id: number; account: string; token: string };
  let writer: Staff;
  let approver: Staff;
  /** One person holding both advisory roles, still without firmware:publish. */
  let writerApprover: Staff;
  let publisherWriter: Staff;
  let publisherApprover: Staff;
  let customer: { id: number; token: string };
  let outsider: { id: number; token: string };
  let modelId: number;
  let itemId: number;
  let drafts = 0;

  const input = (extra: Partial<AdvisoryInput> = {}): AdvisoryInput =>
    flawAdvisoryInput(
      { title: ['草稿修复', 'Held fix'], cve: 'CVE-2026-40401', affected: bmcBefore(modelId) },
      { publishAt: new Date(t.clock.now().getTime() + HOUR).toISOString(), ...extra },
    );
  const staff = <T = StaffAdvisoryDetail>(
    who: { token: string },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
    locale = 'en-US',
  ) => callAs<T>(t.app, who.token, method, `/api/staff/advisories${url}`, body, locale);
  /** A new draft BMC version of the affected model (what an advisory may hold back). */
  const draft = () => {
    drafts += 1;
    return draftFix(t, modelId, `9.${drafts}.0`, itemId);
  };
  const statusOf = async (versionId: number) =>
    (await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, versionId)))[0]?.status;
  /** Written by `by` naming `versionId`, and sent for review. */
  const inReview = async (by: Staff, versionId: number, extra: Partial<AdvisoryInput> = {}) => {
    const created = await staff(by, 'POST', '', input({ fixedVersionIds: [versionId], ...extra }));
    expect(created.status).toBe(200);
    expect((await staff(by, 'POST', `/${created.body.data.id}/submit`)).status).toBe(200);
    return created.body.data;
  };
  /** The embargo ends: the announcer does what it does at that time. */
  const embargoEnds = async () => {
    t.clock.advance(HOUR);
    await t.app.services.advisoryAnnouncer.announceDue();
  };
  const setRoles = async (user: Staff, codes: string[]) => {
    await t.db.delete(userRoles).where(eq(userRoles.userId, user.id));
    for (const code of codes) {
      const [role] = await t.db.select().from(roles).where(eq(roles.code, code));
      await t.db.insert(userRoles).values({ userId: user.id, roleId: role!.id });
    }
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    const role = await advisoryRoles(t, 'hf');
    await createRole(t.db, 'hf-publisher', ['firmware:publish']);
    writer = await signedInWith(t, role.writer);
    approver = await signedInWith(t, role.approver);
    writerApprover = await signedInWith(t, role.writer, role.approver);
    publisherWriter = await signedInWith(t, role.writer, 'hf-publisher');
    publisherApprover = await signedInWith(t, role.approver, 'hf-publisher');
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    itemId = (await createItem(t.db, { kind: 'BMC' })).id;
    customer = await customerRunning(t, modelId);
    outsider = await customerRunning(t, (await referenceModel(t.db, 'M6-1U')).id);
    // What the first approval would pay for (the queue's schema, the signing key, loading the CSAF
    // checks), paid here: on a busy machine it outlasts a test's time.
    await t.app.services.jobs.start();
    await t.app.services.advisorySigner();
    await validateCsaf({});
  });
  afterAll(() => t?.close());

  it('a writer without firmware:publish may not name a draft, in either language, on any path', async () => {
    const held = await draft();
    // The premise: the writer may not even read the draft.
    expect((await callAs(t.app, writer.token, 'GET', `/api/publishing/versions/${held}`)).status).toBe(403);
    // Not offered as a fix either; a publisher is offered it.
    const offered = async (who: Staff) =>
      (await staff<{ versionId: number }[]>(who, 'GET', `/fix-candidates?modelIds=${modelId}`)).body.data.map(
        (row) => row.versionId,
      );
    expect(await offered(writer)).not.toContain(held);
    expect(await offered(publisherWriter)).toContain(held);

    const named = await staff(writer, 'POST', '', input({ fixedVersionIds: [held] }));
    expect(named.status).toBe(403);
    expect(named.body.code).toBe(HELD_FIX_FORBIDDEN);
    expect(named.body.message).toContain(`#${held}`);
    expect(named.body.message).toMatch(/publish firmware/);
    const zh = await staff(writer, 'POST', '', input({ fixedVersionIds: [held] }), 'zh-CN');
    expect(zh.status).toBe(403);
    expect(zh.body.message).toMatch(/发布固件/);
    // Nor added by an edit of an advisory it may otherwise edit.
    const plain = await staff(writer, 'POST', '', input());
    expect(plain.status).toBe(200);
    const edit = await staff(writer, 'PUT', `/${plain.body.data.id}`, input({ fixedVersionIds: [held] }));
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe(HELD_FIX_FORBIDDEN);
    expect((await staff(writer, 'GET', `/${plain.body.data.id}`)).body.data.input.fixedVersionIds).toEqual(
      [],
    );
    // A fix already published is anyone's to name.
    const published = (
      await createVersion(t.db, t.app.services.store, {
        itemId,
        version: '8.0.0',
        status: 'published',
        modelIds: [modelId],
      })
    ).id;
    expect((await staff(writer, 'POST', '', input({ fixedVersionIds: [published] }))).status).toBe(200);
    expect(await statusOf(held)).toBe('draft');
  });

  it('an approver without firmware:publish may not approve an advisory that holds a draft', async () => {
    const held = await draft();
    const advisory = await inReview(publisherWriter, held);
    for (const locale of ['en-US', 'zh-CN']) {
      const refused = await staff(approver, 'POST', `/${advisory.id}/approve`, undefined, locale);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(HELD_FIX_FORBIDDEN);
      expect(refused.body.message).toMatch(locale === 'en-US' ? /publish firmware/ : /发布固件/);
    }
    expect((await staff(approver, 'GET', `/${advisory.id}`)).body.data.status).toBe('in_review');
    await embargoEnds();
    expect(await statusOf(held)).toBe('draft');
    // A publisher who approves it releases it at its time.
    expect((await staff(publisherApprover, 'POST', `/${advisory.id}/approve`)).status).toBe(200);
    await embargoEnds();
    expect(await statusOf(held)).toBe('published');
  });

  it('writer and approver together, or one person with both roles, still publish nothing', async () => {
    // One person with both roles: naming is refused.
    const held = await draft();
    const alone = await staff(writerApprover, 'POST', '', input({ fixedVersionIds: [held] }));
    expect(alone.body.code).toBe(HELD_FIX_FORBIDDEN);
    // A publisher named it; the writer (no right) keeps it through an edit, the approver (no
    // right) approves: refused, and the draft stays a draft past the embargo time.
    const advisory = await inReview(publisherWriter, held);
    await staff(approver, 'POST', `/${advisory.id}/reject`, { comment: 'reword' });
    const kept = await staff(
      writer,
      'PUT',
      `/${advisory.id}`,
      input({ fixedVersionIds: [held], titleEn: 'Reworded' }),
    );
    expect(kept.status).toBe(200);
    // Swapping in another draft is naming one.
    const other = await draft();
    const swapped = await staff(writer, 'PUT', `/${advisory.id}`, input({ fixedVersionIds: [held, other] }));
    expect(swapped.body.code).toBe(HELD_FIX_FORBIDDEN);
    expect((await staff(writer, 'POST', `/${advisory.id}/submit`)).status).toBe(200);
    for (const who of [approver, writerApprover])
      expect((await staff(who, 'POST', `/${advisory.id}/approve`)).body.code).toBe(HELD_FIX_FORBIDDEN);
    await embargoEnds();
    expect(await statusOf(held)).toBe('draft');
    expect(await statusOf(other)).toBe('draft');
  });

  it('a customer of another company reaches none of it', async () => {
    const held = await draft();
    const advisory = await inReview(publisherWriter, held);
    for (const [method, url, body] of [
      ['POST', '', input({ fixedVersionIds: [held] })],
      ['PUT', `/${advisory.id}`, input({ fixedVersionIds: [held] })],
      ['POST', `/${advisory.id}/approve`, undefined],
      ['GET', `/fix-candidates?modelIds=${modelId}`, undefined],
      ['GET', `/${advisory.id}`, undefined],
    ] as const)
      expect((await staff(outsider, method, url, body)).status, `${method} ${url}`).toBe(403);
    expect((await callAs(t.app, outsider.token, 'GET', `/api/publishing/versions/${held}`)).status).toBe(403);
    expect(
      (await callAs(t.app, outsider.token, 'POST', `/api/publishing/versions/${held}/publish`)).status,
    ).toBe(403);
    await embargoEnds();
    expect(await statusOf(held)).toBe('draft');
  });

  it('the announcer publishes a held fix only while its approver may, and audits who released it', async () => {
    // Released: the audit log names the approver as the one who published it, by the advisory.
    const released = await draft();
    const first = await inReview(publisherWriter, released);
    expect((await staff(publisherApprover, 'POST', `/${first.id}/approve`)).status).toBe(200);
    await embargoEnds();
    expect(await statusOf(released)).toBe('published');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.publish'), eq(auditLog.targetId, String(released))));
    expect(entry).toMatchObject({
      actorId: publisherApprover.id,
      actorAccount: publisherApprover.account,
      targetType: 'version',
      detail: { advisoryId: first.advisoryId, revision: 1, byAdvisory: true },
    });

    // Approved by a publisher who then lost the right before the embargo ended: the advisory goes
    // out, the draft does not, and the log says so.
    const held = await draft();
    const second = await inReview(publisherWriter, held, { titleEn: 'Approver demoted' });
    expect((await staff(publisherApprover, 'POST', `/${second.id}/approve`)).status).toBe(200);
    await setRoles(publisherApprover, ['hf-approver']);
    try {
      await embargoEnds();
      expect(await statusOf(held)).toBe('draft');
      const withheld = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'advisory.withholdFix'), eq(auditLog.targetId, String(second.id))));
      expect(withheld).toHaveLength(1);
      expect(withheld[0]?.detail).toMatchObject({
        advisoryId: second.advisoryId,
        revision: 1,
        versionIds: [held],
        approvedBy: publisherApprover.id,
      });
      expect(
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'version.publish'), eq(auditLog.targetId, String(held)))),
      ).toEqual([]);
      // The affected customer is still told of the advisory (it is public at its time), and the
      // notice does not point at a version nobody can download.
      const told = (await t.db.select().from(notices).where(eq(notices.userId, customer.id))).filter(
        (notice) => notice.titleEn.includes(second.advisoryId),
      );
      expect(told).toHaveLength(1);
      expect(told[0]?.contentEn).toContain('Fixed in: -.');
      // Whoever may publish firmware (and the author) is told the fix waits for them; the
      // demoted approver and the customers are not.
      const heldNotices = async (userId: number) =>
        (await t.db.select().from(notices).where(eq(notices.userId, userId))).filter(
          (notice) => notice.titleEn.includes(second.advisoryId) && notice.titleEn.includes('still a draft'),
        );
      const [toPublisher] = await heldNotices(publisherWriter.id);
      expect(toPublisher?.contentEn).toContain('/system/publishing');
      expect(toPublisher?.contentEn).toMatch(/fixed version .+ stayed a draft/);
      expect(toPublisher?.titleZh).toContain('仍是草稿');
      expect(await heldNotices(publisherApprover.id)).toEqual([]);
      expect(await heldNotices(customer.id)).toEqual([]);
      expect(await heldNotices(outsider.id)).toEqual([]);
      // Announcing again publishes nothing.
      await t.app.services.advisoryAnnouncer.announceDue();
      expect(await statusOf(held)).toBe('draft');
    } finally {
      await setRoles(publisherApprover, ['hf-approver', 'hf-publisher']);
    }
  });

  it('nor while its approver is frozen, or gone', async () => {
    for (const end of ['frozen', 'deleted'] as const) {
      const made = await signedInWith(t, 'hf-approver', 'hf-publisher');
      const held = await draft();
      const advisory = await inReview(publisherWriter, held, { titleEn: `Approver ${end}` });
      expect((await staff(made, 'POST', `/${advisory.id}/approve`)).status).toBe(200);
      if (end === 'frozen') await t.db.update(users).set({ frozen: true }).where(eq(users.id, made.id));
      else {
        await t.db.delete(userRoles).where(eq(userRoles.userId, made.id));
        await t.db.delete(users).where(eq(users.id, made.id));
      }
      await embargoEnds();
      expect(await statusOf(held), end).toBe('draft');
      const withheld = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'advisory.withholdFix'), eq(auditLog.targetId, String(advisory.id))));
      expect(withheld, end).toHaveLength(1);
    }
  });
});
