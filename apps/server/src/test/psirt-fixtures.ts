import type { AdvisoryInput } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { advisories, advisoryRevisions, catalogVersions } from '../db/schema';
import { snapshotOf } from '../modules/advisories/advisory-snapshot';
import { advisoryInput } from './advisory-input';
import { createItem, createVersion, referenceModel } from './catalog-factories';
import { createUser } from './factories';
import type { TestApp } from './test-app';

/**
 * An advisory for a PSIRT test, written by a fresh staff member as a draft (the PSIRT may open an
 * Art. 14 case long before anything is published): M7-2U's BMC, CVE-2026-55555, CVSS 9.8.
 */
export async function draftAdvisory(t: TestApp, extra: Partial<AdvisoryInput> = {}) {
  const author = await createUser(t.db, { roleCodes: ['staff'] });
  const modelId = (await referenceModel(t.db, 'M7-2U')).id;
  const advisory = await t.app.services.advisoryAuthoring.create(author.id, advisoryInput(modelId, extra));
  return { ...advisory, modelId };
}

/**
 * Gives the advisory a revision naming a BMC fix of its model published at `publishedAt` and
 * announced to customers at `announcedAt` (null: not yet), as an approval and its announcer would,
 * without the CSAF machinery the PSIRT does not read.
 */
export async function fixPublished(
  t: TestApp,
  advisory: { id: number; advisoryId: string; modelId: number },
  publishedAt: Date,
  announcedAt: Date | null,
) {
  const item = await createItem(t.db, { kind: 'BMC' });
  const version = await createVersion(t.db, t.app.services.store, {
    itemId: item.id,
    version: '2.5.0',
    modelIds: [advisory.modelId],
  });
  await t.db.update(catalogVersions).set({ publishedAt }).where(eq(catalogVersions.id, version.id));
  const [working] = await t.db
    .select({ input: advisories.input })
    .from(advisories)
    .where(eq(advisories.id, advisory.id));
  if (!working) throw new Error(`no advisory ${advisory.advisoryId}`);
  const snapshot = await snapshotOf(t.db, advisory.advisoryId, {
    ...working.input,
    fixedVersionIds: [version.id],
  });
  await t.db.insert(advisoryRevisions).values({
    advisoryPk: advisory.id,
    number: 1,
    visibleFrom: publishedAt,
    summary: 'Initial',
    snapshot,
    tlp: snapshot.tlp,
    severity: snapshot.severity,
    baseScore: snapshot.baseScore,
    cves: snapshot.vulnerabilities.map((vulnerability) => vulnerability.cve),
    modelIds: [advisory.modelId],
    pns: [],
    fixedVersionIds: [version.id],
    searchText: advisory.advisoryId.toLowerCase(),
    announcedAt,
  });
  return version;
}
