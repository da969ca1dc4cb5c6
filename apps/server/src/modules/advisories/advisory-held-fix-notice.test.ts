import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, notices, users } from '../../db/schema';
import { customerRunning, draftFix } from '../../test/advisory-fixtures';
import { bmcBefore, flawAdvisoryInput } from '../../test/advisory-input';
import { createItem, referenceModel } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;

/**
 * A fix held back as a draft carries CVE ids; when the announcer publishes it at the embargo
 * time, only the customers the advisory affects are told (the advisory notice). The catalogue's
 * own "security advisory" notice to every user must not go out for it as well.
 */
describe('a held fix published by the advisory announcer', () => {
  let t: TestApp;
  let affected: number;
  let bystander: number;
  let modelId: number;
  let itemId: number;

  const titlesOf = async (userId: number) =>
    (await t.db.select({ title: notices.titleEn }).from(notices).where(eq(notices.userId, userId))).map(
      (row) => row.title,
    );
  const heldFix = async (version: string) => {
    const id = await draftFix(t, modelId, version, itemId);
    await t.db
      .update(catalogVersions)
      .set({ cves: ['CVE-2026-66666'], securityFix: true })
      .where(eq(catalogVersions.id, id));
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    itemId = (await createItem(t.db, { kind: 'BMC' })).id;
    affected = (await customerRunning(t, modelId, { BMC: '2.1.0' })).id;
    bystander = (await createUser(t.db, { roleCodes: ['customer'] })).id;
  });
  afterAll(() => t?.close());

  // The first approval of a process loads the CSAF validator: slow on a busy machine.
  it('tells only the affected customers, once', { timeout: 120_000 }, async () => {
    const fixId = await heldFix('2.5.0');
    const input = flawAdvisoryInput(
      { title: ['BMC 漏洞', 'BMC flaw'], cve: 'CVE-2026-66666', affected: bmcBefore(modelId, '2.5.0') },
      { fixedVersionIds: [fixId], publishAt: new Date(t.clock.now().getTime() + HOUR).toISOString() },
    );
    // As the demo seed does: the workflow's routes and four eyes are tested in advisories.test.ts.
    const authoring = t.app.services.advisoryAuthoring;
    const draft = await authoring.create(null, input);
    await authoring.submit(null, draft.id);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
    await authoring.approve(admin!.id, draft.id);

    t.clock.advance(HOUR);
    expect(await t.app.services.advisoryAnnouncer.announceDue()).toBe(1);
    await t.app.services.jobs.runUntilIdle();
    const [fix] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, fixId));
    expect(fix?.status).toBe('published');
    expect(await titlesOf(affected)).toEqual([
      expect.stringContaining(`Security advisory ${draft.advisoryId}`),
    ]);
    expect(await titlesOf(bystander)).toEqual([]);
  });

  it('a security fix staff publish by hand still goes to every user who may see it', async () => {
    await t.app.services.publishVersions.publish(await heldFix('2.6.0'));
    await t.app.services.jobs.runUntilIdle();
    expect(await titlesOf(bystander)).toEqual([expect.stringMatching(/^Security advisory: .* 2\.6\.0$/)]);
  });
});
