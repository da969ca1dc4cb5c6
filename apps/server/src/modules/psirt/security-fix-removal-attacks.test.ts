import type { AdvisoryInput, AdvisorySnapshot } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisories, advisoryRevisions, auditLog, catalogVersions } from '../../db/schema';
import { newItemVersion } from '../../test/catalog-factories';
import { callAs } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-02T10:00:00Z');

/**
 * Removing a security fix within its ten years (CRA Art. 13(9), issue 43 §4) without the reason
 * the law asks for: a version an advisory names as its fix but that nobody marked as a security
 * fix (no flag, no CVE on the version) is still one.
 */
describe.each(DRIVERS)('security fix removal attacks on %s', (driver) => {
  let t: TestApp;
  let publisher: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { now: NOW });
    publisher = (await signedInUser(t, { roleCodes: ['staff'] })).token;
  });
  afterAll(() => t?.close());

  it('refuses to recall the fix an advisory names without the security-fix reason', async () => {
    const fix = await newItemVersion(t.db, t.app.services.store, 'BMC', {
      version: '5.1.0',
      releaseDate: '2024-03-01',
    });
    const [advisory] = await t.db
      .insert(advisories)
      .values({ advisoryId: 'TEST-2026-0901', status: 'approved', input: {} as AdvisoryInput })
      .returning();
    if (!advisory) throw new Error('advisory not stored');
    await t.db.insert(advisoryRevisions).values({
      advisoryPk: advisory.id,
      number: 1,
      visibleFrom: new Date('2024-03-01T00:00:00Z'),
      summary: 'Initial release',
      snapshot: {} as AdvisorySnapshot,
      tlp: 'WHITE',
      severity: 'HIGH',
      baseScore: 8.1,
      cves: ['CVE-2024-0901'],
      modelIds: [],
      pns: [],
      fixedVersionIds: [fix.id],
      searchText: 'test-2026-0901',
    });
    const recall = (body: object) =>
      callAs(t.app, publisher, 'POST', `/api/publishing/versions/${fix.id}/recall`, {
        reason: 'Bricks some boards',
        notifyDownloaders: false,
        ...body,
      });
    const refused = await recall({});
    expect([refused.status, refused.body.code]).toEqual([400, 1033004]);
    const [still] = await t.db
      .select({ status: catalogVersions.status })
      .from(catalogVersions)
      .where(eq(catalogVersions.id, fix.id));
    expect(still?.status).toBe('published');

    expect((await recall({ securityFixReason: 'Replaced by 5.1.1' })).status).toBe(200);
    const removals = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'version.removeSecurityFix'), eq(auditLog.targetId, String(fix.id))));
    expect(removals).toHaveLength(1);
  });
});
