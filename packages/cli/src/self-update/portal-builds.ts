import { compareVersions } from '@portal/contract/version-order';
import { API_PATHS, type CatalogVersionRow, isVersionId, MAX_PAGE_SIZE, type Page } from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import {
  fwportalItemCode,
  parseBuildFileName,
  SEA_PLATFORMS,
  type SeaPlatform,
} from '@portal/contract/cli-builds';

/** Pages of the fwportal item read at most: 1,000 builds is years of releases. */
const MAX_PAGES = 10;

export type OfferedBuild = { versionId: number; fileName: string; version: string; size: number };

/**
 * The published, non-pre-release builds of fwportal for `platform` that the signed-in account may
 * see, newest first: versions of the catalogue item `fwportal-<platform>` whose os and arch are the
 * platform's and whose file is named as a build for it, ordered by the version their file name
 * states (the name is what SHA256SUMS signs; the row's own version field is not trusted for it).
 */
export async function buildsOnPortal(client: PortalClient, platform: SeaPlatform): Promise<OfferedBuild[]> {
  const { os, arch } = SEA_PLATFORMS[platform];
  const rows: CatalogVersionRow[] = [];
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
    const page = await client.json<Page<CatalogVersionRow>>(API_PATHS.catalogVersions, {
      query: {
        item: fwportalItemCode(platform),
        os,
        arch,
        status: 'published',
        pageNo,
        pageSize: MAX_PAGE_SIZE,
      },
    });
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.totalRows) break;
  }
  const builds: OfferedBuild[] = [];
  for (const row of rows) {
    const named = parseBuildFileName(row.fileName);
    if (
      row.itemCode === fwportalItemCode(platform) &&
      row.status === 'published' &&
      !row.preRelease &&
      isVersionId(row.versionId) &&
      named?.platform === platform
    )
      builds.push({
        versionId: row.versionId,
        fileName: row.fileName,
        version: named.version,
        size: row.fileSize,
      });
  }
  return builds.sort((a, b) => compareVersions(b.version, a.version));
}
