import {
  type AdvisoryDetail,
  type AdvisoryListQuery,
  type AdvisoryRow,
  type AdvisorySeverity,
  type AdvisorySnapshot,
  type AdvisoryTlp,
  type Locale,
  type Page,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n/messages';
import { type OwnedServer, ownedServers, snapshotAffects } from './advisory-audience';
import { csafDocumentPathOf } from './csaf-paths';

/** Who reads: nobody signed in, a customer, or staff who write advisories (they read every TLP). */
export type AdvisoryReader = { userId: number | null; staff: boolean };
export const ANONYMOUS_READER: AdvisoryReader = { userId: null, staff: false };

type CurrentRow = {
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
  total?: number | string;
};

const SORTS: Record<string, SQL> = {
  published: sql`initial_from`,
  updated: sql`visible_from`,
  score: sql`base_score`,
};

/**
 * What customers (and anyone, for TLP:WHITE) read: for each advisory its newest revision whose
 * time has come. A revision under embargo does not exist here: not in lists, counts, searches or
 * details. TLP:GREEN needs a signed-in account; TLP:AMBER is for the customers whose servers it
 * affects (and staff who write advisories). An advisory a reader may not see answers exactly as
 * one that does not exist.
 */
export class AdvisoryReaderService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(reader: AdvisoryReader, query: AdvisoryListQuery, locale: Locale): Promise<Page<AdvisoryRow>> {
    const mine = reader.userId === null ? null : await this.affectedFor(reader.userId);
    const where: SQL[] = [sql`rn = 1`, this.tlpRule(reader, mine)];
    if (query.mine === '1') where.push(sql`pk = any(${sql.param([...(mine?.pks ?? [])])}::int[])`);
    if (query.keyword) where.push(sql`search_text like ${`%${escapeLike(query.keyword.toLowerCase())}%`}`);
    if (query.severity) where.push(sql`severity = ${query.severity}`);
    if (query.cve) where.push(sql`${query.cve} = any(cves)`);
    if (query.modelId) where.push(sql`${query.modelId} = any(model_ids)`);
    if (query.pn) where.push(sql`${query.pn} = any(pns)`);
    if (query.fixedVersionId) where.push(sql`${query.fixedVersionId} = any(fixed_version_ids)`);
    if (query.from) where.push(sql`initial_from >= ${query.from}::date`);
    if (query.to) where.push(sql`initial_from < ${query.to}::date + 1`);
    const sort = SORTS[query.sortField ?? 'updated'] ?? SORTS.updated!;
    const order = query.sortOrder === 'ascend' ? sql`asc` : sql`desc`;
    const rows = await this.current(
      sql.join(where, sql` and `),
      sql`order by ${sort} ${order}, pk desc limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`,
    );
    const total = Number(rows[0]?.total ?? (query.pageNo > 1 ? await this.count(reader, query, mine) : 0));
    return {
      rows: rows.map((row) => this.toRow(row, locale, mine)),
      totalRows: total,
      pageNo: query.pageNo,
    };
  }

  /** The newest visible revision, or `revision` when it is visible (earlier ones stay readable as they were). */
  async detail(
    reader: AdvisoryReader,
    advisoryId: string,
    locale: Locale,
    revision?: number,
  ): Promise<AdvisoryDetail> {
    const mine = reader.userId === null ? null : await this.affectedFor(reader.userId);
    const which = revision === undefined ? sql`rn = 1` : sql`number = ${revision}`;
    const [row] = await this.current(
      sql`${which} and advisory_id = ${advisoryId} and ${this.tlpRule(reader, mine)}`,
      sql``,
    );
    // The TLP rule above asks whether the newest revision affects the reader; an earlier AMBER
    // revision (`revision=`) was meant for those it affected then, so it is checked on its own.
    if (!row || !this.mayRead(reader, mine, row.tlp, () => row.snapshot))
      throw new AppError('ADVISORY_NOT_FOUND');
    const revisions = await rowsOf<{
      number: number;
      date: Date | string;
      summary: string;
      tlp: AdvisoryTlp;
      snapshot: AdvisorySnapshot | string;
    }>(
      this.db,
      sql`
      select number, visible_from as "date", summary, tlp, snapshot from advisory_revisions
      where advisory_pk = ${row.pk} and visible_from <= ${this.clock.now()} order by number`,
    );
    // Only the revisions this reader may read: revision 1 of an advisory now AMBER tells an
    // anonymous reader nothing of revision 2, not its summary nor its date (issue 40 §3).
    const history = revisions.filter((entry) =>
      this.mayRead(reader, mine, entry.tlp, () =>
        typeof entry.snapshot === 'string'
          ? (JSON.parse(entry.snapshot) as AdvisorySnapshot)
          : entry.snapshot,
      ),
    );
    const documents = await rowsOf<{ fileName: string }>(
      this.db,
      sql`
      select file_name as "fileName" from advisory_documents where revision_id = ${row.revisionId} and locale = ${locale}`,
    );
    const fileName = documents[0]?.fileName ?? '';
    const json = csafDocumentPathOf(row.tlp, String(new Date(row.initialFrom).getUTCFullYear()), fileName);
    const servers = (mine?.servers ?? []).filter((server) => snapshotAffects(row.snapshot, server));
    return {
      ...this.toRow(row, locale, mine),
      summary: locale === 'zh-CN' ? row.snapshot.summaryZh : row.snapshot.summaryEn,
      workarounds: locale === 'zh-CN' ? row.snapshot.workaroundsZh : row.snapshot.workaroundsEn,
      snapshot: row.snapshot,
      history: history.map((entry) => ({
        number: Number(entry.number),
        date: new Date(entry.date).toISOString(),
        summary: entry.summary || translate(locale, 'ADVISORY_INITIAL_RELEASE'),
      })),
      myServers: servers.slice(0, 100).map((server) => ({ sn: server.sn, model: server.modelCode })),
      csaf: { json, asc: `${json}.asc`, sha256: `${json}.sha256`, sha512: `${json}.sha512` },
    };
  }

  /**
   * Every visible advisory naming one of these models or part numbers, newest revision each: what
   * fleet compliance checks installed versions against. Whatever the TLP: a component is only
   * marked with an advisory whose range holds its version, that is one affecting the reader's own
   * server, which the reader may read.
   */
  async naming(modelIds: number[], pns: string[]): Promise<AdvisorySnapshot[]> {
    if (modelIds.length === 0 && pns.length === 0) return [];
    const rows = await this.current(
      sql`rn = 1 and (model_ids && ${sql.param(modelIds)}::int[] or pns && ${sql.param(pns)}::text[])`,
      sql``,
    );
    return rows.map((row) => row.snapshot);
  }

  /** Every visible advisory naming this CVE, newest revision each (the staff installed base). */
  async citing(cve: string): Promise<AdvisorySnapshot[]> {
    const rows = await this.current(sql`rn = 1 and ${cve} = any(cves)`, sql``);
    return rows.map((row) => row.snapshot);
  }

  /** The reader's servers, and which visible advisories affect one of them. */
  private async affectedFor(userId: number): Promise<{ servers: OwnedServer[]; pks: Set<number> }> {
    const servers = await ownedServers(this.db, { userId });
    const pks = new Set<number>();
    if (servers.length === 0) return { servers, pks };
    const modelIds = [...new Set(servers.map((server) => server.modelId))];
    const pns = [...new Set(servers.flatMap((server) => server.pcieParts))];
    const candidates = await this.current(
      sql`rn = 1 and (model_ids && ${sql.param(modelIds)}::int[] or pns && ${sql.param(pns)}::text[])`,
      sql``,
    );
    for (const row of candidates)
      if (servers.some((server) => snapshotAffects(row.snapshot, server))) pks.add(row.pk);
    return { servers, pks };
  }

  /**
   * Whether this reader may read one revision: WHITE anyone, GREEN any account, AMBER staff and
   * the customers whose servers that revision affects (an earlier AMBER revision was meant for
   * those it affected then).
   */
  private mayRead(
    reader: AdvisoryReader,
    mine: { servers: OwnedServer[] } | null,
    tlp: AdvisoryTlp,
    snapshot: () => AdvisorySnapshot,
  ): boolean {
    if (reader.staff || tlp === 'WHITE') return true;
    if (reader.userId === null) return false;
    if (tlp === 'GREEN') return true;
    const affects = snapshot();
    return (mine?.servers ?? []).some((server) => snapshotAffects(affects, server));
  }

  private tlpRule(reader: AdvisoryReader, mine: { pks: Set<number> } | null): SQL {
    if (reader.userId === null) return sql`tlp = 'WHITE'`;
    if (reader.staff) return sql`true`;
    return sql`(tlp in ('WHITE', 'GREEN') or (tlp = 'AMBER' and pk = any(${sql.param([...(mine?.pks ?? [])])}::int[])))`;
  }

  private async count(reader: AdvisoryReader, query: AdvisoryListQuery, mine: { pks: Set<number> } | null) {
    const page = await this.list(reader, { ...query, pageNo: 1, pageSize: 1 }, 'en-US');
    void mine;
    return page.totalRows;
  }

  /** Each advisory's newest revision visible now, filtered by `where` over the columns below. */
  private async current(where: SQL, tail: SQL): Promise<CurrentRow[]> {
    const rows = await rowsOf<CurrentRow>(
      this.db,
      sql`
      with "cur" as (
        select r.advisory_pk as pk, a.advisory_id, r.id as revision_id, r.number, r.tlp, r.severity,
               r.base_score, r.cves, r.model_ids, r.pns, r.fixed_version_ids, r.search_text, r.snapshot,
               r.visible_from,
               min(r.visible_from) over (partition by r.advisory_pk) as initial_from,
               row_number() over (partition by r.advisory_pk order by r.number desc) as rn
        from advisory_revisions r join advisories a on a.id = r.advisory_pk
        where r.visible_from <= ${this.clock.now()}
      )
      select pk, advisory_id as "advisoryId", revision_id as "revisionId", number, tlp, severity,
             base_score as "baseScore", cves, snapshot, visible_from as "visibleFrom",
             initial_from as "initialFrom", count(*) over () as total
      from "cur" where ${where} ${tail}`,
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

  private toRow(row: CurrentRow, locale: Locale, mine: { pks: Set<number> } | null): AdvisoryRow {
    return {
      advisoryId: row.advisoryId,
      tlp: row.tlp,
      title: locale === 'zh-CN' ? row.snapshot.titleZh : row.snapshot.titleEn,
      severity: row.severity,
      baseScore: row.baseScore,
      cves: row.cves,
      products: [...new Set(row.snapshot.affected.map((entry) => entry.productName))],
      revision: row.number,
      initialReleaseTime: new Date(row.initialFrom).toISOString(),
      currentReleaseTime: new Date(row.visibleFrom).toISOString(),
      affectsMine: mine === null ? null : mine.pks.has(row.pk),
    };
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
