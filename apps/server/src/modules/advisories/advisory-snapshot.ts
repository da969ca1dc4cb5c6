import {
  ADVISORY_SEVERITIES,
  type AdvisoryInput,
  type AdvisorySeverity,
  type AdvisorySnapshot,
} from '@portal/contract';
import { vexStatusOf } from '@portal/contract/vex';
import { and, asc, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems, catalogVersionModels, catalogVersionParts, catalogVersions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { modelsOf, namedProducts } from './advisory-products.repository';
import { scoreCvss31, scoreCvss40 } from './csaf/cvss';

/**
 * What a revision says as staff wrote it, resolved or not: its id, label, titles, summaries,
 * workarounds, references and acknowledgments.
 */
export function snapshotTextsOf(advisoryId: string, input: AdvisoryInput) {
  return {
    advisoryId,
    tlp: input.tlp,
    titleZh: input.titleZh,
    titleEn: input.titleEn,
    summaryZh: input.summaryZh,
    summaryEn: input.summaryEn,
    workaroundsZh: input.workaroundsZh,
    workaroundsEn: input.workaroundsEn,
    references: input.references,
    acknowledgments: input.acknowledgments,
  };
}

/**
 * Freezes a working copy into what a revision says: model names, fixed versions and CVSS scores
 * resolved now, so neither a renamed model nor a recalculated score rewrites a published
 * revision. Anything the catalogue does not have is refused by name (1028007).
 */
export async function snapshotOf(
  db: Db,
  advisoryId: string,
  input: AdvisoryInput,
): Promise<AdvisorySnapshot> {
  const { modelIds, pns } = namedProducts(input.affected);
  const [models, parts, versions] = await Promise.all([
    modelsOf(db, modelIds),
    pns.length === 0
      ? []
      : db
          .selectDistinct({ pn: catalogVersionParts.partNumber })
          .from(catalogVersionParts)
          .where(inArray(catalogVersionParts.partNumber, pns)),
    input.fixedVersionIds.length === 0
      ? []
      : namedVersions(db, inArray(catalogVersions.id, input.fixedVersionIds)),
  ]);
  const modelCode = new Map(models.map((model) => [model.id, model.code]));
  const knownParts = new Set(parts.map((part) => part.pn));
  const unknown = [
    ...modelIds.filter((id) => !modelCode.has(id)).map((id) => `#${id}`),
    ...pns.filter((pn) => !knownParts.has(pn)),
    ...input.fixedVersionIds
      .filter((id) => !versions.some((version) => version.versionId === id && version.status !== 'recalled'))
      .map((id) => `#${id}`),
  ];
  if (unknown.length > 0)
    throw new AppError('ADVISORY_PRODUCT_UNKNOWN', { params: { value: unknown.join(', ') } });
  await checkFixesAffected(db, input.fixedVersionIds, modelIds, pns);

  const vulnerabilities = input.vulnerabilities.map((vulnerability) => ({
    ...vulnerability,
    cvss31: scoreCvss31(vulnerability.cvss31Vector),
    cvss40: vulnerability.cvss40Vector ? scoreCvss40(vulnerability.cvss40Vector) : null,
  }));
  const worst = vulnerabilities.reduce((max, row) => Math.max(max, row.cvss31.baseScore), 0);
  return {
    ...snapshotTextsOf(advisoryId, input),
    vulnerabilities,
    affected: input.affected.map((row) => ({
      modelId: row.modelId,
      pn: row.pn,
      productName: row.modelId === null ? (row.pn ?? '') : (modelCode.get(row.modelId) ?? ''),
      kind: row.kind,
      status: vexStatusOf(row),
      affectedFrom: row.affectedFrom || null,
      fixedIn: row.fixedIn || null,
      // Why a product is not affected; the other statuses carry no reason.
      justification: row.status === 'known_not_affected' ? (row.justification ?? null) : null,
      impactZh: row.status === 'known_not_affected' ? (row.impactZh ?? '') : '',
      impactEn: row.status === 'known_not_affected' ? (row.impactEn ?? '') : '',
    })),
    fixedVersions: input.fixedVersionIds.flatMap((id) => {
      const found = versions.find((version) => version.versionId === id);
      if (!found) return [];
      const { status: _status, ...fixed } = found;
      return [fixed];
    }),
    baseScore: worst,
    severity: severityOf(vulnerabilities.map((row) => row.cvss31.baseSeverity)),
  };
}

/** Catalogue versions by id, named, drafts included (what the staff form shows). */
export async function namedVersions(db: Db, where: SQL | undefined) {
  return db
    .select({
      versionId: catalogVersions.id,
      version: catalogVersions.version,
      status: catalogVersions.status,
      itemCode: catalogItems.code,
      itemNameZh: catalogItems.nameZh,
      itemNameEn: catalogItems.nameEn,
      kind: catalogItems.kind,
    })
    .from(catalogVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .where(where)
    .orderBy(asc(catalogItems.code), desc(catalogVersions.releaseDate), desc(catalogVersions.id))
    .limit(500);
}

/**
 * Versions an advisory may name as fixes: not recalled, of items for these models or part
 * numbers (the rule checkFixesAffected enforces), drafts included for those who may name them.
 */
export async function fixCandidates(
  db: Db,
  modelIds: number[],
  pns: string[],
  /** False for staff without firmware:publish: they may not name a draft (checkHeldFixes). */
  drafts = true,
) {
  if (modelIds.length === 0 && pns.length === 0) return [];
  const byModel = db
    .select({ id: catalogVersionModels.versionId })
    .from(catalogVersionModels)
    .where(inArray(catalogVersionModels.modelId, modelIds.length > 0 ? modelIds : [0]));
  const byPart = db
    .select({ id: catalogVersionParts.versionId })
    .from(catalogVersionParts)
    .where(inArray(catalogVersionParts.partNumber, pns.length > 0 ? pns : ['']));
  return namedVersions(
    db,
    and(
      ne(catalogVersions.status, 'recalled'),
      drafts ? undefined : ne(catalogVersions.status, 'draft'),
      or(inArray(catalogVersions.id, byModel), inArray(catalogVersions.id, byPart)),
    ),
  );
}

/** The highest rating among the vulnerabilities (CRITICAL first). */
function severityOf(ratings: AdvisorySeverity[]): AdvisorySeverity {
  return ADVISORY_SEVERITIES.find((rating) => ratings.includes(rating)) ?? 'NONE';
}

/** Lower-cased words a keyword search matches: id, titles, CVE ids, products. */
export function searchTextOf(snapshot: AdvisorySnapshot): string {
  return [
    snapshot.advisoryId,
    snapshot.titleZh,
    snapshot.titleEn,
    ...snapshot.vulnerabilities.map((row) => row.cve),
    ...snapshot.affected.map((row) => row.productName),
  ]
    .join(' ')
    .toLowerCase();
}

/** Of these fixed versions, the ones still in draft (held back: the advisory publishes them at its time). */
export async function heldFixesOf(db: Db, versionIds: number[]): Promise<number[]> {
  if (versionIds.length === 0) return [];
  const rows = await db
    .select({ id: catalogVersions.id })
    .from(catalogVersions)
    .where(and(inArray(catalogVersions.id, versionIds), eq(catalogVersions.status, 'draft')));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Issue 40: an advisory publishes its held (draft) fixes at its time, so it must not become a way
 * to publish firmware without firmware:publish. Naming a draft the copy did not hold before (the
 * writer) and approving a copy that holds one (the approver) each need the right (403 1028009); a
 * fix already published is anyone's to name, and a writer without the right may still edit a copy
 * a publisher filled (the approver is checked anyway). The announcer checks the approver again.
 */
export async function checkHeldFixes(
  db: Db,
  versionIds: number[],
  mayPublish: () => Promise<boolean>,
  messageKey: 'ADVISORY_HELD_FIX_FORBIDDEN' | 'ADVISORY_HELD_FIX_APPROVAL_FORBIDDEN',
) {
  const held = await heldFixesOf(db, versionIds);
  if (held.length === 0 || (await mayPublish())) return;
  throw new AppError('ADVISORY_HELD_FIX_FORBIDDEN', {
    messageKey,
    params: { value: held.map((id) => `#${id}`).join(', ') },
  });
}

/**
 * A fixed version must be for one of the affected models or part numbers: an advisory publishes
 * its held fixes at its time, and must not become a way to publish an unrelated draft without
 * the catalogue's publishing permission.
 */
async function checkFixesAffected(db: Db, versionIds: number[], modelIds: number[], pns: string[]) {
  if (versionIds.length === 0) return;
  const [byModel, byPart] = await Promise.all([
    modelIds.length === 0
      ? []
      : db
          .selectDistinct({ id: catalogVersionModels.versionId })
          .from(catalogVersionModels)
          .where(
            and(
              inArray(catalogVersionModels.versionId, versionIds),
              inArray(catalogVersionModels.modelId, modelIds),
            ),
          ),
    pns.length === 0
      ? []
      : db
          .selectDistinct({ id: catalogVersionParts.versionId })
          .from(catalogVersionParts)
          .where(
            and(
              inArray(catalogVersionParts.versionId, versionIds),
              inArray(catalogVersionParts.partNumber, pns),
            ),
          ),
  ]);
  const related = new Set([...byModel, ...byPart].map((row) => row.id));
  const unrelated = versionIds.filter((id) => !related.has(id));
  if (unrelated.length > 0)
    throw new AppError('ADVISORY_FIX_UNRELATED', {
      params: { value: unrelated.map((id) => `#${id}`).join(', ') },
    });
}
