import type { FleetBaseline, FleetBaselineInput } from '@portal/contract';
import { releaseKey } from '@portal/contract/compliance';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { CatalogAccess } from '../catalog/catalog-access';
import { baselinesOfUser, deleteBaseline, modelByCode, saveBaseline } from './fleet-baseline.repository';
import { releasesFor } from './fleet-catalogue.repository';

/**
 * A customer's baselines (issue 34): per model, the version each component should run. Only a
 * released version of that model's (or card's) firmware that the customer may see can be pinned.
 */
export class BaselineService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly access: CatalogAccess,
  ) {}

  async list(userId: number): Promise<FleetBaseline[]> {
    const rows = await baselinesOfUser(this.db, userId);
    const answers: FleetBaseline[] = [];
    for (const row of rows) {
      const pns = Object.keys(row.baseline.versions).flatMap((key) =>
        key.startsWith('PCIE:') ? [key.slice(5)] : [],
      );
      const releases = await releasesFor(
        this.db,
        this.access,
        await this.access.viewerOf(userId),
        [row.modelId],
        pns,
      );
      const versionOf = new Map(
        [...releases.values()].flat().map((release) => [release.versionId, release.version]),
      );
      answers.push({
        model: row.model,
        name: row.baseline.name,
        versions: Object.entries(row.baseline.versions).map(([component, versionId]) => ({
          component,
          versionId,
          version: versionOf.get(versionId) ?? '',
        })),
        updateTime: row.baseline.updatedAt.toISOString(),
      });
    }
    return answers.sort((a, b) => a.model.localeCompare(b.model));
  }

  async put(userId: number, modelCode: string, input: FleetBaselineInput): Promise<FleetBaseline[]> {
    const model = await modelByCode(this.db, modelCode);
    if (!model) throw new AppError('ADVISORY_PRODUCT_UNKNOWN', { params: { value: modelCode } });
    const pns = Object.keys(input.versions).flatMap((key) => (key.startsWith('PCIE:') ? [key.slice(5)] : []));
    const releases = await releasesFor(
      this.db,
      this.access,
      await this.access.viewerOf(userId),
      [model.id],
      pns,
    );
    for (const [component, versionId] of Object.entries(input.versions)) {
      const key = component.startsWith('PCIE:')
        ? releaseKey({ pn: component.slice(5) })
        : releaseKey({ modelId: model.id, kind: component });
      if (!(releases.get(key) ?? []).some((release) => release.versionId === versionId))
        throw new AppError('ADVISORY_PRODUCT_UNKNOWN', { params: { value: `${component} #${versionId}` } });
    }
    await saveBaseline(this.db, {
      userId,
      modelId: model.id,
      name: input.name,
      versions: input.versions,
      updatedAt: this.clock.now(),
    });
    return this.list(userId);
  }

  async remove(userId: number, modelCode: string): Promise<FleetBaseline[]> {
    const model = await modelByCode(this.db, modelCode);
    if (model) await deleteBaseline(this.db, userId, model.id);
    return this.list(userId);
  }
}
