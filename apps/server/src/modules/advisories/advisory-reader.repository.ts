import type {
  AdvisoryListQuery,
  AdvisorySeverity,
  AdvisorySnapshot,
  AdvisoryTlp,
  Locale,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';

/** An advisory's revision as readers see it, with its advisory's first publication. */
export type CurrentRow = {
  pk: number;
  advisoryId: string;
  revisionId: number;
  number: number;
  tlp: AdvisoryTlp;
  severity: AdvisorySeverity;
  baseScore: number;
  cves: string[];
  snapshot: AdvisorySnapshot;
  visibleFrom: Date | string;
  initialFrom: Date | string;
  /** Rows matching the filter, whatever the page. */
  total?: number | string;
};

/** Which TLP labels a reader may list: WHITE only, every one (staff), or GREEN and these AMBER advisories. */
export type TlpRule = { only: 'WHITE' } | { all: true } | { amberPks: number[] };

/** Which revisions: the newest (or `revision`) of each advisory, narrowed as a list query asks. */
export type RevisionFilter = {
  revision?: number;
  advisoryId?: string;
  tlp?: TlpRule;
  /** Advisories naming one of these models or part numbers. */
  naming?: { modelIds: number[]; pns: string[] };
  /** Only these advisories (by primary key). */
  pks?: number[];
  query?: Omit<AdvisoryListQuery, 'pageNo' | 'pageSize' | 'sortField' | 'sortOrder' | 'mine'>;
};

const SORTS: Record<string, SQL> = {
  published: sql`initial_from`,
  updated: sql`visible_from`,
  score: sql`base_score`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function tlpSql(rule: TlpRule): SQL {
  if ('only' in rule) return sql`tlp = 'WHITE'`;
  if ('all' in rule) return sql`true`;
  return sql`(tlp in ('WHITE', 'GREEN') or (tlp = 'AMBER' and pk = any(${sql.param(rule.amberPks)}::int[])))`;
}

function whereOf(filter: RevisionFilter): SQL {
  const where: SQL[] = [filter.revision === undefined ? sql`rn = 1` : sql`number = ${filter.revision}`];
  if (filter.advisoryId !== undefined) where.push(sql`advisory_id = ${filter.advisoryId}`);
  if (filter.tlp) where.push(tlpSql(filter.tlp));
  if (filter.naming)
    where.push(
      sql`(model_ids && ${sql.param(filter.naming.modelIds)}::int[] or pns && ${sql.param(filter.naming.pns)}::text[])`,
    );
  if (filter.pks) where.push(sql`pk = any(${sql.param(filter.pks)}::int[])`);
  const query = filter.query;
  if (query?.keyword) where.push(sql`search_text like ${`%${escapeLike(query.keyword.toLowerCase())}%`}`);
  if (query?.severity) where.push(sql`severity = ${query.severity}`);
  if (query?.cve) where.push(sql`${query.cve} = any(cves)`);
  if (query?.modelId) where.push(sql`${query.modelId} = any(model_ids)`);
  if (query?.pn) where.push(sql`${query.pn} = any(pns)`);
  if (query?.fixedVersionId) where.push(sql`${query.fixedVersionId} = any(fixed_version_ids)`);
  if (query?.from) where.push(sql`initial_from >= ${query.from}::date`);
  if (query?.to) where.push(sql`initial_from < ${query.to}::date + 1`);
  return sql.join(where, sql` and `);
}

/**
 * Each advisory's revisions visible at `now` that the filter keeps (by default its newest one),
 * optionally one page of them in a list's order.
 */
export async function currentRevisions(
  db: Db,
  now: Date,
  filter: RevisionFilter,
  page?: Pick<AdvisoryListQuery, 'pageNo' | 'pageSize' | 'sortField' | 'sortOrder'>,
): Promise<CurrentRow[]> {
  const sort = SORTS[page?.sortField ?? 'updated'] ?? SORTS.updated!;
  const tail = page
    ? sql`order by ${sort} ${page.sortOrder === 'ascend' ? sql`asc` : sql`desc`}, pk desc
          limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`
    : sql``;
  const rows = await rowsOf<CurrentRow>(
    db,
    sql`
    with "cur" as (
      select r.advisory_pk as pk, a.advisory_id, r.id as revision_id, r.number, r.tlp, r.severity,
             r.base_score, r.cves, r.model_ids, r.pns, r.fixed_version_ids, r.search_text, r.snapshot,
             r.visible_from,
             min(r.visible_from) over (partition by r.advisory_pk) as initial_from,
             row_number() over (partition by r.advisory_pk order by r.number desc) as rn
      from advisory_revisions r join advisories a on a.id = r.advisory_pk
      where r.visible_from <= ${now}
    )
    select pk, advisory_id as "advisoryId", revision_id as "revisionId", number, tlp, severity,
           base_score as "baseScore", cves, snapshot, visible_from as "visibleFrom",
           initial_from as "initialFrom", count(*) over () as total
    from "cur" where ${whereOf(filter)} ${tail}`,
  );
  return rows.map((row) => ({
    ...row,
    pk: Number(row.pk),
    revisionId: Number(row.revisionId),
    number: Number(row.number),
    baseScore: Number(row.baseScore),
    snapshot:
      typeof row.snapshot === 'string' ? (JSON.parse(row.snapshot) as AdvisorySnapshot) : row.snapshot,
  }));
}

/** Every revision of an advisory visible at `now`, oldest first. */
export async function visibleRevisions(db: Db, advisoryPk: number, now: Date) {
  const rows = await rowsOf<{
    number: number;
    date: Date | string;
    summary: string;
    tlp: AdvisoryTlp;
    snapshot: AdvisorySnapshot | string;
  }>(
    db,
    sql`
    select number, visible_from as "date", summary, tlp, snapshot from advisory_revisions
    where advisory_pk = ${advisoryPk} and visible_from <= ${now} order by number`,
  );
  return rows.map((row) => ({
    ...row,
    snapshot:
      typeof row.snapshot === 'string' ? (JSON.parse(row.snapshot) as AdvisorySnapshot) : row.snapshot,
  }));
}

/** The CSAF file name of a revision in one language ('' when none was made). */
export async function documentFileName(db: Db, revisionId: number, locale: Locale): Promise<string> {
  const rows = await rowsOf<{ fileName: string }>(
    db,
    sql`select file_name as "fileName" from advisory_documents where revision_id = ${revisionId} and locale = ${locale}`,
  );
  return rows[0]?.fileName ?? '';
}
