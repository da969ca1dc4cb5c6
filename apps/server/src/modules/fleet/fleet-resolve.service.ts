import { DOWNLOAD_PATH_PREFIX, type FleetResolve, type FleetServer, type Locale } from '@portal/contract';
import type { CatalogAccess } from '../catalog/catalog-access';
import { parseSerials } from '../serials/serial.service';
import type { MirrorResolver } from '../tasks/mirror-resolve';

/**
 * What a fleet tool asks first (`fwportal resolve`): for each server, its model and the newest
 * released firmware of every kind, PCIe cards included. Only SNs the caller owns (verified or
 * shipped to their organisation) resolve; any other SN is answered as unknown, exactly like one
 * that was never shipped, so the answer tells nothing about other customers' servers.
 */
export class FleetService {
  constructor(
    private readonly access: CatalogAccess,
    private readonly resolver: MirrorResolver,
  ) {}

  async resolve(userId: number, input: string[], locale: Locale): Promise<FleetResolve> {
    const sns = parseSerials(input);
    const viewer = await this.access.viewerOf(userId);
    const servers = new Map<string, FleetServer>(
      sns.map((sn) => [sn, { sn, found: false, model: '', firmware: [] }]),
    );
    // The resolver reports each server it found (and may show) as it goes, firmware or not.
    const lines = await this.resolver.bySerials(viewer, sns, locale, async (key, params) => {
      const server = key === 'TASK_LOG_SN_RESOLVED' ? servers.get(String(params?.sn)) : undefined;
      if (server) {
        server.found = true;
        server.model = String(params?.model ?? '');
      }
    });
    for (const line of lines) {
      const server = servers.get(line.sn);
      if (!server) continue;
      server.firmware.push({
        component: line.component,
        pn: line.pn,
        current: line.current,
        versionId: line.file.versionId,
        item: line.file.itemName,
        version: line.file.version,
        severity: line.file.severity,
        releaseDate: line.file.releaseDate,
        fileName: line.file.fileName,
        fileSize: line.file.fileSize,
        sha256: line.file.sha256,
        downloadPath: `${DOWNLOAD_PATH_PREFIX}/${line.file.versionId}`,
      });
    }
    return { servers: [...servers.values()] };
  }
}
