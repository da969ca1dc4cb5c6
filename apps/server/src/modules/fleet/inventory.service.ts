import {
  componentKeyOf,
  type InventoryReport,
  type InventoryReportResult,
  type InventorySource,
  type InventoryUploadResult,
  type Locale,
} from '@portal/contract';
import type { Db } from '../../db/connection';
import { translate } from '../../lib/i18n/messages';
import { type InventoryParse, parseInventoryFile } from './upload-parser';
import type { Clock } from '../../lib/clock';
import { ownedSerials } from '../serials/serial.service';
import type { ReportBudget } from './report-budget';
import {
  type Current,
  currentComponentsOf,
  type HistoryRow,
  shippedFirmwareOf,
  storeReport,
} from './inventory.repository';
import { latestLines } from './report-lines';

/**
 * Takes inventory reports (issue 34): from the API, an upload or `fwportal audit`. Only the
 * reporter's own servers take them; the other SNs are answered as unknown whether they exist or
 * not. A whole report is written in one transaction, or nothing of it. Duplicates in a report are
 * merged (the latest reading wins), and each report takes its lines from the account's daily
 * budget (ReportBudget). A line that changes what its source said goes to the history (a repeat
 * only refreshes the date); the current version of a component changes only for a report at
 * least as recent, and a version it contradicts (another source, or a later report already kept)
 * stays beside it.
 */
export class InventoryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly budget: ReportBudget,
    /**
     * Called once a report is stored (ComplianceService.refreshReported: a head start for the
     * next "My servers" page); whatever happens there, the report stands.
     */
    private readonly onReported?: (userId: number, sns: string[]) => Promise<void>,
    /** parseInventoryFile (a worker thread per file) in the portal; tests may parse in-thread. */
    private readonly parse: InventoryParse = parseInventoryFile,
  ) {}

  async report(
    userId: number,
    report: Omit<InventoryReport, 'source'> & { source: InventorySource },
  ): Promise<InventoryReportResult> {
    const now = this.clock.now();
    const sns = [...new Set(report.servers.map((server) => server.sn))];
    const owned = await ownedSerials(this.db, userId, sns);
    // Duplicates merged first (latest reading wins): 5,000 copies of one server are one server.
    const lines = latestLines(
      report.servers.filter((server) => owned.has(server.sn)),
      now,
    );
    const charged = await this.budget.charge(userId, lines.length);
    const known = await currentComponentsOf(this.db, [...owned]);
    const history: HistoryRow[] = [];
    const next = new Map<string, Current>();
    let changed = 0;
    for (const { sn, component: key, line: component, seenAt } of lines) {
      const id = `${sn}\u0000${key}`;
      const before = known.get(id);
      // History keeps changes, not repeats: a version this source already says (kept, or kept
      // beside) only refreshes the current row's date.
      const repeats =
        before !== undefined &&
        ((before.version === component.version && before.source === report.source) ||
          (before.otherVersion === component.version && before.otherSource === report.source));
      if (!repeats)
        history.push({
          sn,
          component: key,
          version: component.version,
          source: report.source,
          seenAt,
          reportedBy: userId,
          recordedAt: now,
        });
      const row = merge(before, {
        sn,
        component: key,
        kind: component.kind,
        pn: component.pn ?? null,
        slot: component.slot ?? null,
        version: component.version,
        source: report.source,
        seenAt,
        reportedBy: userId,
      });
      if (row === before) continue;
      if (before?.version !== row.version) changed++;
      next.set(id, row);
    }
    const stored = storeReport(this.db, history, [...next.values()]);
    // A report not stored takes nothing from the day's budget.
    await stored.catch(async (error: unknown) => {
      await this.budget.giveBack(userId, lines.length, charged);
      throw error;
    });
    // The servers whose current rows were written (their change counters moved).
    const written = [...new Set([...next.values()].map((row) => row.sn))];
    await this.onReported?.(userId, written).catch(() => undefined);
    return {
      accepted: new Set(lines.map((line) => line.sn)).size,
      changed,
      unknown: sns.filter((sn) => !owned.has(sn)),
    };
  }

  /**
   * An uploaded CSV or XLSX (told apart by content): checked whole (every wrong line and every
   * SN that is not the uploader's, in the reader's language), previewed (what would change), and
   * written only when nothing is wrong and it is not a dry run, in one transaction.
   */
  async upload(
    userId: number,
    file: Buffer,
    dryRun: boolean,
    locale: Locale,
  ): Promise<InventoryUploadResult> {
    const parsed = await this.parse(file, locale);
    const owned = await ownedSerials(
      this.db,
      userId,
      parsed.servers.map((server) => server.sn),
    );
    const errors = [...parsed.errors];
    for (const server of parsed.servers)
      if (!owned.has(server.sn))
        errors.push({
          line: parsed.lineOf.get(server.sn) ?? 0,
          sn: server.sn,
          message: translate(locale, 'INVENTORY_LINE_SN_UNKNOWN'),
        });
    errors.sort((a, b) => a.line - b.line);
    const mine = parsed.servers.filter((server) => owned.has(server.sn));
    const known = await currentComponentsOf(
      this.db,
      mine.map((server) => server.sn),
    );
    const shipped = await shippedFirmwareOf(
      this.db,
      mine.map((server) => server.sn),
    );
    const changes: InventoryUploadResult['changes'] = [];
    for (const server of mine)
      for (const component of server.components) {
        const key = componentKeyOf(component);
        const from =
          known.get(`${server.sn}\u0000${key}`)?.version ??
          shipped.get(server.sn)?.[component.kind === 'PCIE' ? (component.pn ?? '') : component.kind] ??
          null;
        if (from !== component.version)
          changes.push({ sn: server.sn, component: key, from, to: component.version });
      }
    const applied = errors.length === 0 && !dryRun && mine.length > 0;
    if (applied) await this.report(userId, { source: 'upload', servers: mine });
    return {
      applied,
      lines: parsed.lines,
      servers: parsed.servers.length,
      errors: errors.slice(0, 500),
      changes: changes.slice(0, 500),
      changed: changes.length,
    };
  }
}

type Line = Omit<Current, 'otherVersion' | 'otherSource' | 'otherSeenAt'>;

/**
 * What a component's row becomes after one report line:
 * - nothing known: the line;
 * - the line is older than what is kept: kept as is, the line's version beside it if it differs;
 * - same version: the newer date (and source);
 * - another version from the same source: an update (what it was is in the history);
 * - another version from another source: the line, with the version it contradicts beside it.
 */
export function merge(before: Current | undefined, line: Line): Current {
  const fresh = { ...line, otherVersion: null, otherSource: null, otherSeenAt: null };
  if (!before) return fresh;
  if (line.seenAt < before.seenAt) {
    if (line.version === before.version) return before;
    return {
      ...before,
      otherVersion: line.version,
      otherSource: line.source,
      otherSeenAt: line.seenAt,
    };
  }
  if (line.version === before.version)
    return {
      ...fresh,
      otherVersion: before.otherVersion,
      otherSource: before.otherSource,
      otherSeenAt: before.otherSeenAt,
    };
  if (line.source === before.source) return fresh;
  return { ...fresh, otherVersion: before.version, otherSource: before.source, otherSeenAt: before.seenAt };
}
