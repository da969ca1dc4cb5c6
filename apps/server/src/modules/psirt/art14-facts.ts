import type { AdvisoryInput, AdvisorySnapshot } from '@portal/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { advisories, advisoryRevisions } from '../../db/schema';
import { rowsOf } from '../../db/raw-rows';
import { snapshotOf, snapshotTextsOf } from '../advisories';

/** What an Art. 14 report says about the advisory: what it holds now, and when its fix went out. */
export type AdvisoryFacts = {
  advisoryPk: number;
  advisoryId: string;
  snapshot: AdvisorySnapshot;
  /** The first publication of any version an approved revision names as a fix. */
  fixAvailableAt: Date | null;
  /** When an announcement naming a fix went out to the affected customers (notices, mail, webhooks). */
  customersNotifiedAt: Date | null;
};

/** A draft whose products no longer resolve still has titles, CVEs and workarounds to report. */
function roughSnapshot(advisoryId: string, input: AdvisoryInput): AdvisorySnapshot {
  return {
    ...snapshotTextsOf(advisoryId, input),
    vulnerabilities: [],
    affected: input.affected.map((row) => ({
      ...row,
      productName: row.pn ?? `#${row.modelId ?? ''}`,
    })),
    fixedVersions: [],
    baseScore: 0,
    severity: 'NONE',
  };
}

/**
 * The facts of one advisory for the PSIRT (who read every state): its newest approved revision,
 * embargoed or not, or, before any approval, its working copy resolved the way an approval would.
 */
export async function advisoryFacts(db: Db, advisoryPk: number): Promise<AdvisoryFacts | null> {
  const [advisory] = await db
    .select({ id: advisories.id, advisoryId: advisories.advisoryId, input: advisories.input })
    .from(advisories)
    .where(eq(advisories.id, advisoryPk));
  if (!advisory) return null;
  const [revision] = await db
    .select({ snapshot: advisoryRevisions.snapshot })
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.advisoryPk, advisoryPk))
    .orderBy(desc(advisoryRevisions.number))
    .limit(1);
  const snapshot =
    revision?.snapshot ??
    (await snapshotOf(db, advisory.advisoryId, advisory.input).catch(() =>
      roughSnapshot(advisory.advisoryId, advisory.input),
    ));
  const [times] = await rowsOf<{ fix: Date | string | null; told: Date | string | null }>(
    db,
    sql`select
      (select min(v.published_at) from catalog_versions v
        where v.published_at is not null and v.id in (
          select unnest(r.fixed_version_ids) from advisory_revisions r where r.advisory_pk = ${advisoryPk})) as fix,
      (select min(r.announced_at) from advisory_revisions r
        where r.advisory_pk = ${advisoryPk} and cardinality(r.fixed_version_ids) > 0) as told`,
  );
  const date = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    advisoryPk,
    advisoryId: advisory.advisoryId,
    snapshot,
    fixAvailableAt: date(times?.fix),
    customersNotifiedAt: date(times?.told),
  };
}
