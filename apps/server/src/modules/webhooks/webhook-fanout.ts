import {
  consoleVersionPathOf,
  downloadPathOf,
  type PublishVersion,
  type WebhookVersionData,
} from '@portal/contract';
import { and, asc, eq, exists, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  catalogItems,
  catalogVersions,
  downloadRecords,
  serialNumbers,
  userSerials,
  users,
  webhookDeliveries,
  webhooks,
} from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { FANOUT_RETRIES, type JobContext, type JobHandler, type QueuedJob } from '../../lib/jobs/job-types';
import type { CatalogAccess } from '../catalog/catalog-access';
import { versionSupport } from '../publishing/version-support';
import { COMPANY_PUNCTUATION, organisationOf, ownedSerials } from '../serials/serial.service';
import { enqueueDelivery, WEBHOOK_FANOUT_QUEUE, type WebhookEventJob } from './webhook-queues';

/** Servers named in one release.published payload at most. */
const MAX_SERVERS_NAMED = 100;

type Version = WebhookVersionData & { itemId: number; visibility: string; modelIds: number[] };

/**
 * Works out who gets an event, in a job so publishing does not wait on it:
 * - release.published: owners of active webhooks who may see the item and own a server (verified
 *   SN, or shipped to their organisation) of a model the version supports or carrying a PCIe card
 *   of a part number it supports;
 * - version.recalled: owners of active webhooks who downloaded the version and may still see the
 *   item (a revoked grant, or an organisation left, ends it as it ends the download).
 * Frozen owners get nothing; neither do owners who could not open the version they are told of.
 * Each webhook gets one delivery per event (unique webhook + event key): a re-run adds nothing.
 */
export class WebhookFanout implements JobHandler<WebhookEventJob> {
  readonly spec = { name: WEBHOOK_FANOUT_QUEUE, ...FANOUT_RETRIES };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly access: CatalogAccess,
    private readonly jobs: JobQueue,
    private readonly publicUrl: string,
  ) {}

  async run(job: QueuedJob<WebhookEventJob>, context: JobContext): Promise<void> {
    const { event, versionId } = job.data;
    const version = await this.version(versionId);
    if (!version) return;
    const hooks = await this.db
      .select({ id: webhooks.id, userId: webhooks.userId })
      .from(webhooks)
      .innerJoin(users, eq(users.id, webhooks.userId))
      .where(
        and(eq(webhooks.active, true), eq(users.frozen, false), sql`${event} = any(${webhooks.events})`),
      );
    const owners = [...new Set(hooks.map((hook) => hook.userId))];
    const serversOf = new Map<number, string[]>();
    if (event === 'release.published') {
      for (const userId of owners) {
        if (!(await this.canSee(userId, version))) continue;
        const servers = await this.serversFor(userId, version);
        if (servers.length > 0) serversOf.set(userId, servers);
      }
    } else if (owners.length > 0) {
      const rows = await this.db
        .selectDistinct({ userId: downloadRecords.userId })
        .from(downloadRecords)
        .where(
          and(
            eq(downloadRecords.versionId, versionId),
            isNotNull(downloadRecords.userId),
            inArray(downloadRecords.userId, owners),
          ),
        );
      for (const row of rows)
        if (row.userId !== null && (await this.canSee(row.userId, version))) serversOf.set(row.userId, []);
    }
    const { itemId: _item, visibility: _visibility, modelIds: _models, ...data } = version;
    const now = this.clock.now();
    const deliveries = hooks
      .filter((hook) => serversOf.has(hook.userId))
      .map((hook) => ({
        webhookId: hook.id,
        event,
        eventKey: `${event}:${versionId}`,
        payload: { ...data, servers: serversOf.get(hook.userId) ?? [] } satisfies WebhookVersionData,
        createdAt: now,
      }));
    if (deliveries.length === 0) return;
    await context.finish(async (tx) => {
      const stored = await tx
        .insert(webhookDeliveries)
        .values(deliveries)
        .onConflictDoNothing({ target: [webhookDeliveries.webhookId, webhookDeliveries.eventKey] })
        .returning({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId });
      const ownerOf = new Map(hooks.map((hook) => [hook.id, hook.userId]));
      for (const row of stored)
        await enqueueDelivery(this.jobs, tx, { deliveryId: row.id, accountId: ownerOf.get(row.webhookId)! });
    });
  }

  /** Whether the user may see the version's item now: the catalogue's one rule (CatalogAccess). */
  private async canSee(userId: number, version: Version): Promise<boolean> {
    return this.access.canSee(await this.access.viewerOf(userId), {
      id: version.itemId,
      visibility: version.visibility,
    });
  }

  /**
   * The user's servers the version is for. SQL narrows the candidates (bound and verified, or
   * shipped to the user's organisation); ownedSerials, the one rule of ownership, decides.
   */
  private async serversFor(userId: number, version: Version): Promise<string[]> {
    const organisation = await organisationOf(this.db, userId);
    const fits: (SQL | undefined)[] = [];
    if (version.modelIds.length > 0) fits.push(inArray(serialNumbers.modelId, version.modelIds));
    if (version.parts.length > 0)
      fits.push(
        sql`${serialNumbers.pcieParts} && array[${sql.join(
          version.parts.map((pn) => sql`${pn}`),
          sql`, `,
        )}]::text[]`,
      );
    if (fits.length === 0) return [];
    const mine: (SQL | undefined)[] = [
      exists(
        this.db
          .select({ one: sql`1` })
          .from(userSerials)
          .where(
            and(
              eq(userSerials.sn, serialNumbers.sn),
              eq(userSerials.userId, userId),
              eq(userSerials.state, 'verified'),
            ),
          ),
      ),
    ];
    if (organisation !== '')
      mine.push(
        sql`lower(regexp_replace(${serialNumbers.customerName}, ${COMPANY_PUNCTUATION}, '', 'g')) = ${organisation}`,
      );
    const candidates = await this.db
      .select({ sn: serialNumbers.sn })
      .from(serialNumbers)
      .where(and(or(...fits), or(...mine)))
      .orderBy(asc(serialNumbers.sn))
      .limit(MAX_SERVERS_NAMED);
    const owned = await ownedSerials(
      this.db,
      userId,
      candidates.map((row) => row.sn),
    );
    return candidates.map((row) => row.sn).filter((sn) => owned.has(sn));
  }

  private async version(versionId: number): Promise<Version | undefined> {
    const [row] = await this.db
      .select({ version: catalogVersions, item: catalogItems })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(eq(catalogVersions.id, versionId));
    if (!row || row.version.status === 'draft') return undefined;
    const { models, parts } = (await versionSupport(this.db, [versionId]))(versionId);
    const { version, item } = row;
    return {
      itemId: item.id,
      visibility: item.visibility,
      modelIds: models.map((model) => model.id),
      versionId: version.id,
      itemCode: item.code,
      kind: item.kind,
      itemName: { 'zh-CN': item.nameZh, 'en-US': item.nameEn },
      version: version.version,
      status: version.status as PublishVersion['status'],
      releaseDate: version.releaseDate,
      severity: version.severity,
      cves: version.cves,
      securityFix: version.securityFix,
      preRelease: version.preRelease,
      models: models.map((model) => model.code),
      parts,
      fileName: version.fileName,
      fileSize: version.fileSize,
      sha256: version.sha256,
      publishedAt: version.publishedAt?.toISOString() ?? null,
      recalledAt: version.recalledAt?.toISOString() ?? null,
      recallReason: version.recallReason,
      consoleUrl: `${this.publicUrl}${consoleVersionPathOf(item.kind, version.id)}`,
      downloadUrl: `${this.publicUrl}${downloadPathOf(version.id)}`,
      servers: [],
    };
  }
}
