import type {
  AdvisoryInput,
  AdvisoryRevision,
  AdvisoryTriage,
  AdvisoryTriageQuery,
  AdvisoryStatus,
  Page,
  StaffAdvisoryDetail,
  StaffAdvisoryRow,
} from '@portal/contract';
import type { z } from 'zod';
import { type staffAdvisoryQuerySchema } from '@portal/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { advisories, advisoryDocuments, advisoryRevisions, catalogVersions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { AdvisoryDocuments } from './advisory-documents';
import { namedProducts } from './advisory-products.repository';
import { triageFromSboms } from './advisory-triage';
import { csafCatalogueOf } from './csaf-catalogue';
import type { SbomService } from '../sbom/sbom.service';
import { enqueueAnnouncement } from './advisory-announcer';
import type { AdvisoryReviewNotice } from './advisory-review-notice';
import { checkHeldFixes, fixCandidates, namedVersions, searchTextOf, snapshotOf } from './advisory-snapshot';

type StaffQuery = z.infer<typeof staffAdvisoryQuerySchema>;
const author = alias(users, 'author');
const reviewer = alias(users, 'reviewer');

/**
 * Staff's side of advisories: a working copy goes draft -> in_review -> approved. Approval is the
 * only way to a revision, and never by the last person who changed the copy (four eyes). The
 * approved revision is visible from max(now, publishAt): the embargo is a time on the revision,
 * so nothing depends on a job running on time for nothing to leak early.
 */
export class AdvisoryAuthoring {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly documents: AdvisoryDocuments,
    private readonly idPrefix: string,
    /** Whether a staff member holds firmware:publish now (an advisory publishes its held fixes). */
    private readonly mayPublish: (userId: number) => Promise<boolean>,
    /** Tells the other reviewers of a submitted advisory. */
    private readonly reviewNotice?: AdvisoryReviewNotice,
  ) {}

  /**
   * VEX triage: the products whose released firmware's SBOM contains a CVE's component, as the
   * advisory's starting rows under investigation (advisory-triage.ts).
   */
  triage(query: AdvisoryTriageQuery, sboms: SbomService): Promise<AdvisoryTriage> {
    return triageFromSboms(this.db, sboms, query);
  }

  /** What the form offers as fixes: drafts only to those who may name them (checkHeldFixes). */
  async fixCandidates(userId: number, modelIds: number[], pns: string[]) {
    return fixCandidates(this.db, modelIds, pns, await this.mayPublish(userId));
  }

  async list(query: StaffQuery): Promise<Page<StaffAdvisoryRow>> {
    const where: (SQL | undefined)[] = [];
    if (query.status) where.push(eq(advisories.status, query.status));
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        or(
          ilike(advisories.advisoryId, like),
          sql`${advisories.input}->>'titleZh' ilike ${like}`,
          sql`${advisories.input}->>'titleEn' ilike ${like}`,
        ),
      );
    }
    const filter = and(...where);
    const [total] = await this.db.select({ n: count() }).from(advisories).where(filter);
    const rows = await this.rows(filter)
      .orderBy(desc(advisories.updatedAt), desc(advisories.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    return { rows: rows.map((row) => this.toRow(row)), totalRows: total?.n ?? 0, pageNo: query.pageNo };
  }

  async detail(id: number): Promise<StaffAdvisoryDetail> {
    const [row] = await this.rows(eq(advisories.id, id));
    if (!row) throw new AppError('ADVISORY_NOT_FOUND');
    return {
      ...this.toRow(row),
      input: row.advisory.input,
      lastEditorId: row.advisory.lastEditorId ?? 0,
      editorIds: row.advisory.editors,
      fixedVersions:
        row.advisory.input.fixedVersionIds.length === 0
          ? []
          : await namedVersions(this.db, inArray(catalogVersions.id, row.advisory.input.fixedVersionIds)),
      rejectComment: row.advisory.rejectComment,
      history: await this.history(id),
    };
  }

  async create(userId: number | null, input: AdvisoryInput): Promise<StaffAdvisoryDetail> {
    // Checked now, so a draft that could never be approved is not saved.
    await snapshotOf(this.db, 'CHECK-0000-0000', input);
    // The seed writes as nobody (null): people need firmware:publish to name a held fix.
    if (userId !== null)
      await checkHeldFixes(
        this.db,
        input.fixedVersionIds,
        () => this.mayPublish(userId),
        'ADVISORY_HELD_FIX_FORBIDDEN',
      );
    const year = this.clock.now().getUTCFullYear();
    for (let attempt = 0; ; attempt++) {
      const prefix = `${this.idPrefix}-${year}-`;
      const [last] = await this.db
        .select({ id: advisories.advisoryId })
        .from(advisories)
        .where(sql`${advisories.advisoryId} like ${`${prefix}%`}`)
        .orderBy(desc(sql`length(${advisories.advisoryId})`), desc(advisories.advisoryId))
        .limit(1);
      const next = (last ? Number(last.id.slice(prefix.length)) : 0) + 1 + attempt;
      const advisoryId = `${prefix}${String(next).padStart(4, '0')}`;
      const [created] = await this.db
        .insert(advisories)
        .values({
          advisoryId,
          input,
          authorId: userId,
          lastEditorId: userId,
          editors: userId === null ? [] : [userId],
          updatedAt: this.clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: advisories.id });
      if (created) return this.detail(created.id);
      if (attempt >= 5) throw AppError.unavailable();
    }
  }

  /** Edits the working copy; an approved advisory becomes a draft of its next revision. */
  async update(userId: number, id: number, input: AdvisoryInput): Promise<StaffAdvisoryDetail> {
    const current = await this.detail(id);
    if (current.status === 'in_review') throw new AppError('ADVISORY_STATE_CONFLICT');
    if (current.revision > 0 && input.revisionSummary === '')
      throw new AppError('ADVISORY_REVISION_SUMMARY_REQUIRED');
    await snapshotOf(this.db, current.advisoryId, input);
    const kept = new Set(current.input.fixedVersionIds);
    await checkHeldFixes(
      this.db,
      input.fixedVersionIds.filter((versionId) => !kept.has(versionId)),
      () => this.mayPublish(userId),
      'ADVISORY_HELD_FIX_FORBIDDEN',
    );
    await this.transition(id, current.status, {
      input,
      status: 'draft',
      lastEditorId: userId,
      editors: [...new Set([...current.editorIds, userId])],
      reviewerId: null,
      rejectComment: null,
    });
    return this.detail(id);
  }

  async submit(userId: number | null, id: number): Promise<StaffAdvisoryDetail> {
    const current = await this.detail(id);
    if (current.status !== 'draft') throw new AppError('ADVISORY_STATE_CONFLICT');
    if (current.revision > 0 && current.input.revisionSummary === '')
      throw new AppError('ADVISORY_REVISION_SUMMARY_REQUIRED');
    await this.transition(id, 'draft', { status: 'in_review', rejectComment: null });
    const submitted = await this.detail(id);
    // The demo seed (no user) submits and approves at once: nobody is to be asked.
    if (userId !== null) await this.reviewNotice?.submitted(submitted, userId);
    return submitted;
  }

  async reject(userId: number, id: number, comment: string): Promise<StaffAdvisoryDetail> {
    const current = await this.detail(id);
    if (current.status !== 'in_review') throw new AppError('ADVISORY_STATE_CONFLICT');
    await this.transition(id, 'in_review', { status: 'draft', reviewerId: userId, rejectComment: comment });
    return this.detail(id);
  }

  /**
   * Four eyes: the reviewer changed nothing of the copy since its last approval (not the author of
   * a small edit on top of someone else's either). Freezes the copy into the next revision, makes
   * and signs its CSAF files (refused whole if they would not validate), and schedules what goes
   * out at the embargo time, all in one transaction.
   */
  async approve(userId: number, id: number): Promise<StaffAdvisoryDetail> {
    const current = await this.detail(id);
    if (current.status !== 'in_review') throw new AppError('ADVISORY_STATE_CONFLICT');
    if (current.editorIds.includes(userId) || current.lastEditorId === userId)
      throw new AppError('ADVISORY_OWN_APPROVAL');
    // Approving publishes its held fixes at its time: the approver's right, checked again then.
    await checkHeldFixes(
      this.db,
      current.input.fixedVersionIds,
      () => this.mayPublish(userId),
      'ADVISORY_HELD_FIX_APPROVAL_FORBIDDEN',
    );
    const now = this.clock.now();
    const publishAt = current.input.publishAt ? new Date(current.input.publishAt) : now;
    const visibleFrom = publishAt > now ? publishAt : now;
    const snapshot = await snapshotOf(this.db, current.advisoryId, current.input);
    const number = current.revision + 1;
    // Empty for a first revision: readers see "Initial release" in their language.
    const summary = current.input.revisionSummary;
    const history: AdvisoryRevision[] = [
      ...current.history,
      { number, date: visibleFrom.toISOString(), summary },
    ];
    const catalogue = await csafCatalogueOf(this.db, snapshot.affected, current.input.fixedVersionIds);
    const files = await this.documents.make(snapshot, history, catalogue);
    // The queue installs its schema on first use: never inside the transaction below, where on
    // PGlite (one connection) it would wait for the transaction that waits for it (the demo seed
    // approves before the app has started its queue).
    await this.jobs.start();
    await this.db.transaction(async (tx) => {
      // Only the copy as read: had it been rejected, edited and sent again meanwhile, the text
      // frozen here would not be what is now in review.
      await this.transition(
        id,
        'in_review',
        { status: 'approved', reviewerId: userId, editors: [] },
        tx,
        current.updateTime,
      );
      const [revision] = await tx
        .insert(advisoryRevisions)
        .values({
          advisoryPk: id,
          number,
          visibleFrom,
          summary,
          snapshot,
          tlp: snapshot.tlp,
          severity: snapshot.severity,
          baseScore: snapshot.baseScore,
          cves: snapshot.vulnerabilities.map((row) => row.cve),
          ...namedProducts(snapshot.affected),
          fixedVersionIds: snapshot.fixedVersions.map((row) => row.versionId),
          searchText: searchTextOf(snapshot),
          approvedBy: userId,
        })
        .returning({ id: advisoryRevisions.id });
      if (!revision) throw new Error('revision not inserted');
      await tx.insert(advisoryDocuments).values(files.map((file) => ({ ...file, revisionId: revision.id })));
      await enqueueAnnouncement(this.jobs, tx, revision.id, visibleFrom);
    });
    return this.detail(id);
  }

  /** The published history: every approved revision, oldest first. */
  async history(id: number): Promise<AdvisoryRevision[]> {
    const rows = await this.db
      .select({
        number: advisoryRevisions.number,
        date: advisoryRevisions.visibleFrom,
        summary: advisoryRevisions.summary,
      })
      .from(advisoryRevisions)
      .where(eq(advisoryRevisions.advisoryPk, id))
      .orderBy(asc(advisoryRevisions.number));
    return rows.map((row) => ({ ...row, date: row.date.toISOString() }));
  }

  /** Moves the copy only from the state it was read in: a concurrent change makes this a 409. */
  private async transition(
    id: number,
    from: AdvisoryStatus,
    change: Partial<typeof advisories.$inferInsert>,
    db: Db = this.db,
    /** Also only if unchanged since this time (the copy an approver read). */
    readAt?: string,
  ) {
    const moved = await db
      .update(advisories)
      .set({ ...change, updatedAt: this.clock.now() })
      .where(
        and(
          eq(advisories.id, id),
          eq(advisories.status, from),
          readAt === undefined ? undefined : eq(advisories.updatedAt, new Date(readAt)),
        ),
      )
      .returning({ id: advisories.id });
    if (moved.length === 0) throw new AppError('ADVISORY_STATE_CONFLICT');
  }

  private rows(where: SQL | undefined) {
    const latest = sql<number>`coalesce((select max(r.number) from advisory_revisions r where r.advisory_pk = ${advisories.id}), 0)`;
    const visibleFrom = sql<Date | null>`(select r.visible_from from advisory_revisions r where r.advisory_pk = ${advisories.id} order by r.number desc limit 1)`;
    // The first revision's time once it has come: an embargoed first revision is not published yet.
    const firstPublished = sql<Date | null>`(select r.visible_from from advisory_revisions r where r.advisory_pk = ${advisories.id} and r.number = 1 and r.visible_from <= ${this.clock.now()})`;
    return this.db
      .select({
        advisory: advisories,
        authorName: author.account,
        reviewerName: reviewer.account,
        revision: latest.mapWith(Number),
        visibleFrom: visibleFrom.mapWith((value: string | Date | null) =>
          value === null ? null : new Date(value),
        ),
        firstPublished: firstPublished.mapWith((value: string | Date | null) =>
          value === null ? null : new Date(value),
        ),
      })
      .from(advisories)
      .leftJoin(author, eq(author.id, advisories.authorId))
      .leftJoin(reviewer, eq(reviewer.id, advisories.reviewerId))
      .where(where)
      .$dynamic();
  }

  private toRow(row: Awaited<ReturnType<AdvisoryAuthoring['rows']>>[number]): StaffAdvisoryRow {
    const { advisory } = row;
    return {
      id: advisory.id,
      advisoryId: advisory.advisoryId,
      tlp: advisory.input.tlp,
      titleZh: advisory.input.titleZh,
      titleEn: advisory.input.titleEn,
      status: advisory.status as AdvisoryStatus,
      revision: row.revision,
      visibleFrom: row.visibleFrom?.toISOString() ?? null,
      firstPublished: row.firstPublished?.toISOString() ?? null,
      publishAt: advisory.input.publishAt,
      authorName: row.authorName ?? '',
      reviewerName: row.reviewerName,
      updateTime: advisory.updatedAt.toISOString(),
    };
  }
}
