import {
  type CatalogVersionRow,
  type Locale,
  PCIE_MAX_SN_RESULTS_SHOWN,
  type PcieLookupBy,
  type PcieLookupResult,
  type PciePartResult,
} from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogVersions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CatalogAccess, Viewer } from './catalog-access';
import { localName, toVersionRows, type VersionRowRecord, versionRowColumns } from './catalog-rows';
import { versionsOfParts } from './product-versions';

/** Values of a typed query or an uploaded list: comma, semicolon or line separated, upper-cased, duplicates dropped. */
export function parseLookupValues(raw: string): string[] {
  const values = raw
    .split(/[\s,，;；]+/)
    .map((v) => v.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(values)];
}

/** Refuses an empty list ('SN can not be null' / 'PN can not be null') and one longer than `max`. */
export function checkLookupValues(by: PcieLookupBy, values: string[], max: number): void {
  if (values.length === 0) throw new AppError(by === 'sn' ? 'PCIE_SN_EMPTY' : 'PCIE_PN_EMPTY');
  if (values.length > max)
    throw new AppError('PCIE_TOO_MANY_VALUES', {
      params: { max, by: by.toUpperCase(), count: values.length },
    });
}

/**
 * PCIe firmware by server serial number (the PCIe cards installed at shipping)
 * or by part number. Only versions the viewer may see are listed.
 */
export class PcieLookupService {
  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
  ) {}

  /** `shownSerials` caps the SNs answered (the page shows 100; the CSV export takes them all). */
  async lookup(
    viewer: Viewer,
    by: PcieLookupBy,
    values: string[],
    locale: Locale,
    shownSerials: number = PCIE_MAX_SN_RESULTS_SHOWN,
  ): Promise<PcieLookupResult> {
    if (by === 'pn') {
      const versions = await this.versionsByPart(viewer, values, locale);
      return {
        by,
        values,
        serials: [],
        parts: values.map((pn) => ({ pn, versions: versions.get(pn) ?? [] })),
        truncated: false,
        totalSerials: 0,
      };
    }
    const shown = values.slice(0, shownSerials);
    const found = await this.access.serversVisibleTo(viewer, shown);
    const bySn = new Map(found.map((row) => [row.sn, row]));
    const versions = await this.versionsByPart(
      viewer,
      [...new Set(found.flatMap((row) => row.parts))],
      locale,
    );
    return {
      by,
      values,
      serials: shown.map((sn) => {
        const row = bySn.get(sn);
        if (!row) return { sn, found: false, model: null, modelName: null, parts: [] };
        const parts: PciePartResult[] = row.parts.map((pn) => ({ pn, versions: versions.get(pn) ?? [] }));
        return { sn, found: true, model: row.model, modelName: localName(locale, row), parts };
      }),
      parts: [],
      truncated: values.length > shown.length,
      totalSerials: values.length,
    };
  }

  /** Visible published versions naming each part number, newest first, in one query. */
  private async versionsByPart(
    viewer: Viewer,
    parts: string[],
    locale: Locale,
  ): Promise<Map<string, CatalogVersionRow[]>> {
    const byPart = new Map<string, CatalogVersionRow[]>();
    if (parts.length === 0) return byPart;
    const records = await versionsOfParts(
      this.db,
      versionRowColumns,
      parts,
      and(this.access.visibleItems(viewer), eq(catalogVersions.status, 'published')),
    ).orderBy(desc(catalogVersions.releaseDate), desc(catalogVersions.id));
    const unique = [...new Map(records.map((r) => [r.versionId, r])).values()];
    const rows = new Map(
      toVersionRows(locale, unique as VersionRowRecord[]).map((row) => [row.versionId, row]),
    );
    for (const record of records) {
      const row = rows.get(record.versionId);
      if (row) byPart.set(record.pn, [...(byPart.get(record.pn) ?? []), row]);
    }
    return byPart;
  }
}
