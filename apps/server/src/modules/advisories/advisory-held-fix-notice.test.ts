import type { AdvisoryInput } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, notices, users } from '../../db/schema';
import {
  bindSerial,
  createItem,
  createServer,
  createVersion,
  referenceModel,
} from '../../test/catalog-factories';
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
    const { id } = await createVersion(t.db, t.app.services.store, {
      itemId,
      version,
      status: 'draft',
      modelIds: [modelId],
    });
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
    const owner = await createUser(t.db, { roleCodes: ['customer'] });
    affected = owner.id;
    await bindSerial(t.db, owner.id, (await createServer(t.db, { modelId, installed: { BMC: '2.1.0' } })).sn);
    bystander = (await createUser(t.db, { roleCodes: ['customer'] })).id;
  });
  afterAll(() => t?.close());

  it('tells only the affected customers, once', async () => {
    const fixId = await heldFix('2.5.0');
    const input: AdvisoryInput = {
      tlp: 'WHITE',
      titleZh: 'BMC 漏洞',
      titleEn: 'BMC flaw',
      summaryZh: '摘要',
      summaryEn: 'Summary',
      workaroundsZh: '',
      workaroundsEn: '',
      vulnerabilities: [
        {
          cve: 'CVE-2026-66666',
          cweId: null,
          cweName: '',
          cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
          cvss40Vector: null,
          descriptionZh: '',
          descriptionEn: '',
        },
      ],
      affected: [{ modelId, pn: null, kind: 'BMC', affectedFrom: null, fixedIn: '2.5.0' }],
      fixedVersionIds: [fixId],
      references: [],
      acknowledgments: [],
      publishAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      revisionSummary: '',
    };
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
