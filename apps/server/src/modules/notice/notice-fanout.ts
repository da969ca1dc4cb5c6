import type { Locale } from '@portal/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  catalogItems,
  catalogVersionModels,
  catalogVersions,
  downloadRecords,
  serialNumbers,
  userSerials,
  users,
} from '../../db/schema';
import { isMessageKey, translate } from '../../lib/i18n/messages';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { FANOUT_RETRIES, type JobContext, type JobHandler, type QueuedJob } from '../../lib/jobs/job-types';
import type { CatalogAccess } from '../catalog/catalog-access';
import type { Notifier, PendingMail } from './notifier';

export const FANOUT_QUEUE = 'notice.fanout';

export type FanoutEvent =
  | { event: 'recall'; versionId: number; reason: string }
  | {
      event: 'published';
      versionId: number;
      /**
       * Published by the advisory announcer at its embargo time: the advisory's own notice has
       * told the affected customers, so no catalogue security notice goes to everyone.
       */
      byAdvisory?: boolean;
    };

/** The severity as a reader calls it; one the catalogue does not know stays as stored. */
export function severityName(locale: Locale, severity: string): string {
  const key = `SEVERITY_${severity.toUpperCase()}`;
  return isMessageKey(key) ? translate(locale, key) : severity;
}

/** Enqueues the fan-out in the caller's transaction: the notices go out only if the change commits. */
export function enqueueFanout(queue: JobQueue, tx: Db, event: FanoutEvent) {
  return queue.send(FANOUT_QUEUE, event, { tx });
}

/**
 * Posts the notices a catalogue change calls for, in a job so the publishing
 * request does not wait on (or fail with) thousands of inserts and mails:
 * - recall: everyone who downloaded the version (always in-app, mail per settings);
 * - published with CVE ids or marked as a security fix: a security advisory to every
 *   active user who may see the item, unless the advisory announcer published it (a fix held
 *   back under embargo: its advisory notice goes to the affected customers only);
 * - published otherwise: users with a verified server of a model the version supports.
 * Recipients who may no longer see the item get nothing.
 */
export class NoticeFanout implements JobHandler<FanoutEvent> {
  readonly spec = { name: FANOUT_QUEUE, ...FANOUT_RETRIES };

  constructor(
    private readonly db: Db,
    private readonly access: CatalogAccess,
    private readonly notifier: Notifier,
  ) {}

  async run(job: QueuedJob<FanoutEvent>, context: JobContext): Promise<void> {
    const event = job.data;
    const [version] = await this.db
      .select({
        id: catalogVersions.id,
        version: catalogVersions.version,
        fileName: catalogVersions.fileName,
        releaseDate: catalogVersions.releaseDate,
        severity: catalogVersions.severity,
        cves: catalogVersions.cves,
        securityFix: catalogVersions.securityFix,
        itemId: catalogItems.id,
        visibility: catalogItems.visibility,
        nameZh: catalogItems.nameZh,
        nameEn: catalogItems.nameEn,
      })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(eq(catalogVersions.id, event.versionId));
    if (!version) return;
    const item = (locale: Locale) => (locale === 'zh-CN' ? version.nameZh : version.nameEn);
    let mails: PendingMail[] = [];

    if (event.event === 'recall') {
      const rows = await this.db
        .selectDistinct({ userId: downloadRecords.userId })
        .from(downloadRecords)
        .where(and(eq(downloadRecords.versionId, version.id), isNotNull(downloadRecords.userId)));
      const recipients = rows.flatMap((r) => (r.userId === null ? [] : [r.userId]));
      await context.finish(async (tx) => {
        ({ mails } = await this.notifier.post(
          tx,
          recipients,
          'securityAdvisories',
          {
            title: 'RECALL_NOTICE_TITLE',
            text: 'RECALL_NOTICE_TEXT',
            params: (locale) => ({
              item: item(locale),
              version: version.version,
              file: version.fileName,
              reason: event.reason,
            }),
          },
          { alwaysInApp: true },
        ));
      });
    } else {
      const advisory = version.securityFix || version.cves.length > 0;
      if (advisory && event.byAdvisory) return;
      const serversOf = new Map<number, string[]>();
      let candidates: number[];
      if (advisory) {
        const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.frozen, false));
        candidates = rows.map((r) => r.id);
      } else {
        const rows = await this.db
          .select({ userId: userSerials.userId, sn: userSerials.sn })
          .from(userSerials)
          .innerJoin(serialNumbers, eq(serialNumbers.sn, userSerials.sn))
          .innerJoin(catalogVersionModels, eq(catalogVersionModels.modelId, serialNumbers.modelId))
          .where(and(eq(catalogVersionModels.versionId, version.id), eq(userSerials.state, 'verified')));
        for (const row of rows) serversOf.set(row.userId, [...(serversOf.get(row.userId) ?? []), row.sn]);
        candidates = [...serversOf.keys()];
      }
      const recipients = await this.whoMaySee(candidates, {
        id: version.itemId,
        visibility: version.visibility,
      });
      const posted = (userId: number) => ({ sns: (serversOf.get(userId) ?? []).join(', ') });
      await context.finish(async (tx) => {
        if (advisory) {
          ({ mails } = await this.notifier.post(tx, recipients, 'securityAdvisories', {
            title: 'ADVISORY_NOTICE_TITLE',
            text: 'ADVISORY_NOTICE_TEXT',
            params: (locale) => ({
              item: item(locale),
              version: version.version,
              cves: version.cves.join(', ') || '-',
              severity: severityName(locale, version.severity),
            }),
          }));
          return;
        }
        // One notice per user: the text names that user's own servers.
        for (const userId of recipients) {
          const result = await this.notifier.post(tx, [userId], 'firmwareForMyServers', {
            title: 'FIRMWARE_NOTICE_TITLE',
            text: 'FIRMWARE_NOTICE_TEXT',
            params: (locale) => ({
              item: item(locale),
              version: version.version,
              date: version.releaseDate,
              severity: severityName(locale, version.severity),
              ...posted(userId),
            }),
          });
          mails.push(...result.mails);
        }
      });
    }
    await this.notifier.send(mails);
  }

  private async whoMaySee(userIds: number[], item: { id: number; visibility: string }): Promise<number[]> {
    if (item.visibility !== 'restricted') return userIds;
    const allowed: number[] = [];
    for (const id of userIds)
      if (await this.access.canSee(await this.access.viewerOf(id), item)) allowed.push(id);
    return allowed;
  }
}
