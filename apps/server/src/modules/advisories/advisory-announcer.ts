import type { AdvisorySnapshot, Locale, WebhookAdvisoryData, WebhookEvent } from '@portal/contract';
import { advisoryPagePathOf } from '@portal/contract';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { advisoryDocuments, advisoryRevisions, users, webhookDeliveries, webhooks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n/messages';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { FANOUT_RETRIES, type JobContext, type JobHandler, type QueuedJob } from '../../lib/jobs/job-types';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { Notifier, PendingMail } from '../notice/notifier';
import { enqueueDeliveries } from '../webhooks/webhook-queues';
import { snapshotAffects } from './advisory-affects';
import { ownedServers } from './advisory-audience.repository';
import { tellOfHeldFixes } from './advisory-held-fix-notice';
import { heldFixesOf } from './advisory-snapshot';
import { csafDocumentPathOf } from './csaf-paths';

export const ADVISORY_ANNOUNCE_QUEUE = 'advisory.announce';
type AnnounceJob = { revisionId: number };
type Revision = typeof advisoryRevisions.$inferSelect;
/** Who acts when the announcer withholds a fix: the portal itself, at the embargo time. */
const ANNOUNCER: AuditActor = { userId: null, account: 'system', ip: null };
/** Servers named in one notice or webhook payload at most. */
const MAX_SERVERS_NAMED = 100;
/** Rows per INSERT of deliveries (6 parameters each, 65,535 at most). */
const SLICE = 5000;

/** Schedules the announcement of a revision at its embargo time, in the approving transaction. */
export function enqueueAnnouncement(queue: JobQueue, tx: Db, revisionId: number, at: Date) {
  return queue.send(ADVISORY_ANNOUNCE_QUEUE, { revisionId } satisfies AnnounceJob, { tx, startAfter: at });
}

/**
 * What goes out when a revision's embargo ends: first the fixed versions held back as drafts are
 * published (so the notice never points at a version nobody can download), then one notice to
 * every customer owning a server the advisory affects, and an advisory.published (revision 1) or
 * advisory.updated delivery to each of their webhooks subscribed to it. Nobody else hears of it.
 * The revision is claimed (announced_at) in the transaction that writes notices and deliveries:
 * a rerun or a second process adds nothing.
 */
export class AdvisoryAnnouncer implements JobHandler<AnnounceJob> {
  readonly spec = { name: ADVISORY_ANNOUNCE_QUEUE, ...FANOUT_RETRIES };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly notifier: Notifier,
    private readonly publishVersion: (versionId: number) => Promise<unknown>,
    private readonly publicUrl: string,
    /** Whether a staff member holds firmware:publish now (and is not frozen). */
    private readonly mayPublish: (userId: number) => Promise<boolean>,
    private readonly audit: AuditService,
  ) {}

  async run(job: QueuedJob<AnnounceJob>, context: JobContext): Promise<void> {
    await this.announce(job.data.revisionId, (work) => context.finish(work));
  }

  /** Every revision whose time has come and that is not announced yet (tests with a manual clock; recovery). */
  async announceDue(): Promise<number> {
    const due = await this.db
      .select({ id: advisoryRevisions.id })
      .from(advisoryRevisions)
      .where(
        and(isNull(advisoryRevisions.announcedAt), lte(advisoryRevisions.visibleFrom, this.clock.now())),
      );
    let announced = 0;
    for (const row of due) if (await this.announce(row.id)) announced++;
    return announced;
  }

  async announce(
    revisionId: number,
    finish: (work: (tx: Db) => Promise<void>) => Promise<unknown> = (work) => this.db.transaction(work),
  ): Promise<boolean> {
    const [revision] = await this.db
      .select()
      .from(advisoryRevisions)
      .where(eq(advisoryRevisions.id, revisionId));
    if (!revision || revision.announcedAt !== null) return false;
    // The job's clock and the database's may disagree by a little: never announce early.
    if (revision.visibleFrom > this.clock.now()) {
      await this.jobs.send(
        ADVISORY_ANNOUNCE_QUEUE,
        { revisionId },
        { tx: this.db, startAfter: revision.visibleFrom },
      );
      return false;
    }
    const snapshot = revision.snapshot;
    const withheld = await this.publishHeldVersions(revision);
    const serversOf = await this.audience(revision.modelIds, revision.pns, snapshot);
    const event: WebhookEvent = revision.number === 1 ? 'advisory.published' : 'advisory.updated';
    const [document] = await this.db
      .select({ fileName: advisoryDocuments.fileName })
      .from(advisoryDocuments)
      .where(and(eq(advisoryDocuments.revisionId, revisionId), eq(advisoryDocuments.locale, 'en-US')));
    const [first] = await this.db
      .select({
        date: sql<Date>`min(${advisoryRevisions.visibleFrom})`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(advisoryRevisions)
      .where(eq(advisoryRevisions.advisoryPk, revision.advisoryPk));
    const year = String((first?.date ?? revision.visibleFrom).getUTCFullYear());
    const pageUrl = `${this.publicUrl}${advisoryPagePathOf(snapshot.advisoryId)}`;
    const csafUrl = `${this.publicUrl}${csafDocumentPathOf(snapshot.tlp, year, document?.fileName ?? '')}`;
    let mails: PendingMail[] = [];
    let claimed = false;
    await finish(async (tx) => {
      const claim = await tx
        .update(advisoryRevisions)
        .set({ announcedAt: this.clock.now() })
        .where(and(eq(advisoryRevisions.id, revisionId), isNull(advisoryRevisions.announcedAt)))
        .returning({ id: advisoryRevisions.id });
      if (claim.length === 0) return;
      claimed = true;
      if (withheld.length > 0)
        await this.audit.record(
          ANNOUNCER,
          'advisory.withholdFix',
          { type: 'advisory', id: revision.advisoryPk },
          {
            advisoryId: snapshot.advisoryId,
            revision: revision.number,
            versionIds: withheld,
            approvedBy: revision.approvedBy,
          },
          tx,
        );
      const publisherMails =
        withheld.length > 0
          ? await tellOfHeldFixes(tx, this.notifier, this.publicUrl, revision, withheld)
          : [];
      const recipients = [...serversOf.keys()];
      const named = (userId: number) => (serversOf.get(userId) ?? []).slice(0, MAX_SERVERS_NAMED);
      ({ mails } = await this.notifier.post(tx, recipients, 'securityAdvisories', {
        title: revision.number === 1 ? 'ADVISORY_PUBLISHED_NOTICE_TITLE' : 'ADVISORY_UPDATED_NOTICE_TITLE',
        text: revision.number === 1 ? 'ADVISORY_PUBLISHED_NOTICE_TEXT' : 'ADVISORY_UPDATED_NOTICE_TEXT',
        params: (locale: Locale, userId: number) => ({
          id: snapshot.advisoryId,
          title: locale === 'zh-CN' ? snapshot.titleZh : snapshot.titleEn,
          severity: translate(locale, `ADVISORY_SEVERITY_${snapshot.severity}`),
          score: snapshot.baseScore.toFixed(1),
          count: serversOf.get(userId)?.length ?? 0,
          sns: named(userId).join(', '),
          cves: snapshot.vulnerabilities.map((row) => row.cve).join(', '),
          fixed:
            snapshot.fixedVersions
              .filter((row) => !withheld.includes(row.versionId))
              .map((row) => `${locale === 'zh-CN' ? row.itemNameZh : row.itemNameEn} ${row.version}`)
              .join(', ') || '-',
          revision: revision.number,
          summary: revision.summary || translate(locale, 'ADVISORY_INITIAL_RELEASE'),
          url: pageUrl,
        }),
      }));
      mails = [...mails, ...publisherMails];
      await this.deliver(tx, event, revision.number, snapshot, serversOf, pageUrl, csafUrl);
    });
    if (claimed) await this.notifier.send(mails);
    return claimed;
  }

  /**
   * Fixed versions still in draft go public now, each as publishing would (its own notices and
   * events), on the right of the person who approved the revision, checked again now: roles change
   * between an approval and the embargo's end (issue 40). Each is audited as a version.publish by
   * that approver. Without the right (lost, frozen, account gone) they stay drafts, returned, and
   * the advisory is still announced, as a PSIRT expects: its date is coordinated with the finder
   * and other vendors, the revision is public from that time whatever this job does (readers go by
   * visible_from), and affected customers need its workarounds now; holding the notices would only
   * keep them from hearing of a public flaw. The fix waits for a publisher to publish it by hand
   * (audited like any publish); advisory.withholdFix in the audit log says it is waiting, the
   * customers' notice does not name it as the fix, and publishers and the author are told
   * (tellOfHeldFixes).
   */
  private async publishHeldVersions(revision: Revision): Promise<number[]> {
    const held = await heldFixesOf(this.db, revision.fixedVersionIds);
    if (held.length === 0) return [];
    const approverId = revision.approvedBy;
    const [approver] =
      approverId === null
        ? []
        : await this.db.select({ account: users.account }).from(users).where(eq(users.id, approverId));
    if (approverId === null || !approver || !(await this.mayPublish(approverId))) return held;
    for (const id of held) {
      await this.publishVersion(id);
      await this.audit.record(
        { userId: approverId, account: approver.account, ip: null },
        'version.publish',
        { type: 'version', id },
        { advisoryId: revision.snapshot.advisoryId, revision: revision.number, byAdvisory: true },
      );
    }
    return [];
  }

  /** Account -> its affected servers (SNs, sorted). */
  private async audience(modelIds: number[], pns: string[], snapshot: AdvisorySnapshot) {
    const serversOf = new Map<number, string[]>();
    for (const server of await ownedServers(this.db, { modelIds, pns }))
      if (snapshotAffects(snapshot, server))
        serversOf.set(server.userId, [...(serversOf.get(server.userId) ?? []), server.sn]);
    for (const sns of serversOf.values()) sns.sort();
    return serversOf;
  }

  private async deliver(
    tx: Db,
    event: WebhookEvent,
    revision: number,
    snapshot: AdvisorySnapshot,
    serversOf: Map<number, string[]>,
    url: string,
    csafUrl: string,
  ) {
    if (serversOf.size === 0) return;
    const hooks = await tx
      .select({ id: webhooks.id, userId: webhooks.userId })
      .from(webhooks)
      .innerJoin(users, eq(users.id, webhooks.userId))
      .where(
        and(eq(webhooks.active, true), eq(users.frozen, false), sql`${event} = any(${webhooks.events})`),
      );
    const now = this.clock.now();
    const rows = hooks
      .filter((hook) => serversOf.has(hook.userId))
      .map((hook) => ({
        webhookId: hook.id,
        event,
        eventKey: `${event}:${snapshot.advisoryId}:${revision}`,
        payload: {
          advisoryId: snapshot.advisoryId,
          revision,
          title: snapshot.titleEn,
          severity: snapshot.severity,
          baseScore: snapshot.baseScore,
          cves: snapshot.vulnerabilities.map((row) => row.cve),
          url,
          csafUrl,
          servers: (serversOf.get(hook.userId) ?? []).slice(0, MAX_SERVERS_NAMED),
        } satisfies WebhookAdvisoryData,
        createdAt: now,
      }));
    const ownerOf = new Map(hooks.map((hook) => [hook.id, hook.userId]));
    for (let start = 0; start < rows.length; start += SLICE) {
      const stored = await tx
        .insert(webhookDeliveries)
        .values(rows.slice(start, start + SLICE))
        .onConflictDoNothing({ target: [webhookDeliveries.webhookId, webhookDeliveries.eventKey] })
        .returning({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId });
      await enqueueDeliveries(
        this.jobs,
        tx,
        stored.map((row) => ({ deliveryId: row.id, accountId: ownerOf.get(row.webhookId)! })),
      );
    }
  }
}
