import {
  type AdvisoryDetail,
  type AdvisoryListQuery,
  type AdvisoryRow,
  type AdvisorySnapshot,
  type AdvisoryTlp,
  type Locale,
  type Page,
} from '@portal/contract';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n/messages';
import { snapshotAffects } from './advisory-affects';
import { type OwnedServer, ownedServers } from './advisory-audience.repository';
import {
  type CurrentRow,
  currentRevisions,
  documentFileName,
  type TlpRule,
  visibleRevisions,
} from './advisory-reader.repository';
import { csafDocumentPathOf } from './csaf-paths';

/** Who reads: nobody signed in, a customer, or staff who write advisories (they read every TLP). */
export type AdvisoryReader = { userId: number | null; staff: boolean };
export const ANONYMOUS_READER: AdvisoryReader = { userId: null, staff: false };

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
    const { pageNo, pageSize, sortField, sortOrder, mine: onlyMine, ...filters } = query;
    const rows = await currentRevisions(
      this.db,
      this.clock.now(),
      {
        tlp: this.tlpRule(reader, mine),
        query: filters,
        ...(onlyMine === '1' ? { pks: [...(mine?.pks ?? [])] } : {}),
      },
      { pageNo, pageSize, sortField, sortOrder },
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
    const [row] = await currentRevisions(this.db, this.clock.now(), {
      ...(revision === undefined ? {} : { revision }),
      advisoryId,
      tlp: this.tlpRule(reader, mine),
    });
    // The TLP rule above asks whether the newest revision affects the reader; an earlier AMBER
    // revision (`revision=`) was meant for those it affected then, so it is checked on its own.
    if (!row || !this.mayRead(reader, mine, row.tlp, () => row.snapshot))
      throw new AppError('ADVISORY_NOT_FOUND');
    const revisions = await visibleRevisions(this.db, row.pk, this.clock.now());
    // Only the revisions this reader may read: revision 1 of an advisory now AMBER tells an
    // anonymous reader nothing of revision 2, not its summary nor its date (issue 40 §3).
    const history = revisions.filter((entry) => this.mayRead(reader, mine, entry.tlp, () => entry.snapshot));
    const fileName = await documentFileName(this.db, row.revisionId, locale);
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
    const rows = await currentRevisions(this.db, this.clock.now(), { naming: { modelIds, pns } });
    return rows.map((row) => row.snapshot);
  }

  /**
   * Of `snapshots`, those `userId` may read: a TLP:AMBER one only when it affects one of their own
   * servers (the reader's rule). For what leaves the portal as a whole list (the offline compliance
   * context), where `naming`'s "only marked when it affects" does not hold.
   */
  async readableBy(userId: number, snapshots: AdvisorySnapshot[]): Promise<AdvisorySnapshot[]> {
    if (!snapshots.some((snapshot) => snapshot.tlp === 'AMBER')) return snapshots;
    const servers = await ownedServers(this.db, { userId });
    return snapshots.filter(
      (snapshot) => snapshot.tlp !== 'AMBER' || servers.some((server) => snapshotAffects(snapshot, server)),
    );
  }

  /** Every visible advisory naming this CVE, newest revision each (the staff installed base). */
  async citing(cve: string): Promise<AdvisorySnapshot[]> {
    const rows = await currentRevisions(this.db, this.clock.now(), { query: { cve } });
    return rows.map((row) => row.snapshot);
  }

  /** The reader's servers, and which visible advisories affect one of them. */
  private async affectedFor(userId: number): Promise<{ servers: OwnedServer[]; pks: Set<number> }> {
    const servers = await ownedServers(this.db, { userId });
    const pks = new Set<number>();
    if (servers.length === 0) return { servers, pks };
    const modelIds = [...new Set(servers.map((server) => server.modelId))];
    const pns = [...new Set(servers.flatMap((server) => server.pcieParts))];
    const candidates = await currentRevisions(this.db, this.clock.now(), { naming: { modelIds, pns } });
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

  private tlpRule(reader: AdvisoryReader, mine: { pks: Set<number> } | null): TlpRule {
    if (reader.userId === null) return { only: 'WHITE' };
    if (reader.staff) return { all: true };
    return { amberPks: [...(mine?.pks ?? [])] };
  }

  private async count(reader: AdvisoryReader, query: AdvisoryListQuery, mine: { pks: Set<number> } | null) {
    const page = await this.list(reader, { ...query, pageNo: 1, pageSize: 1 }, 'en-US');
    void mine;
    return page.totalRows;
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
