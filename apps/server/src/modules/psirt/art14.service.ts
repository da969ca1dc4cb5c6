import {
  type Art14Candidate,
  type Art14Case,
  type Art14CaseInput,
  type Art14Export,
  type Art14Kind,
  type Art14Stage,
  type Art14SubmissionInput,
  art14Clock,
  type EuMemberState,
  type Locale,
} from '@portal/contract';
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { advisories, art14Cases, art14Submissions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { refuseDuplicate } from '../../lib/pg-errors';
import { type AdvisoryFacts, advisoryFacts } from './art14-facts';
import { art14Content } from './art14-export';
import { art14Text } from './art14-text';

type CaseRow = typeof art14Cases.$inferSelect;
type SubmissionRow = Omit<typeof art14Submissions.$inferSelect, 'stage'> & {
  stage: Art14Stage;
  account: string | null;
};

export type Art14Settings = { publicUrl: string; manufacturer: { name: string; contact: string } };

/** The first submission of each stage starts nothing new: later ones are corrections or updates. */
function firstSubmitted(submissions: SubmissionRow[]): Partial<Record<Art14Stage, Date>> {
  const first: Partial<Record<Art14Stage, Date>> = {};
  for (const row of submissions) {
    const { stage } = row;
    const seen = first[stage];
    if (!seen || row.submittedAt < seen) first[stage] = row.submittedAt;
  }
  return first;
}

/**
 * CRA Art. 14 reporting cases (issue 43 §3): staff open one on an advisory (an actively exploited
 * vulnerability or a severe incident) with the time they became aware; the deadlines come from
 * `art14Clock`, the content of each report from the advisory, and each submission on ENISA's
 * platform is recorded with who, when and the platform's reference.
 */
export class Art14Service {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: Art14Settings,
  ) {}

  /** Every case with its deadlines now, the most urgent first (the dashboard). */
  async list(): Promise<Art14Case[]> {
    const rows = await this.db.select().from(art14Cases).orderBy(asc(art14Cases.awareAt));
    const cases = await Promise.all(rows.map((row) => this.caseOf(row)));
    const urgency = (item: Art14Case) => {
      const open = item.stages.find((stage) => stage.state !== 'submitted' && stage.dueAt);
      return open?.dueAt ? Date.parse(open.dueAt) : Number.POSITIVE_INFINITY;
    };
    return cases.sort((a, b) => urgency(a) - urgency(b));
  }

  async detail(id: number): Promise<Art14Case> {
    return this.caseOf(await this.row(id));
  }

  /** Advisories without a case yet, newest first: what a new case may be opened on. */
  async candidates(): Promise<Art14Candidate[]> {
    const taken = this.db.select({ pk: art14Cases.advisoryPk }).from(art14Cases);
    const rows = await this.db
      .select({ pk: advisories.id, advisoryId: advisories.advisoryId, input: advisories.input })
      .from(advisories)
      .where(notInArray(advisories.id, taken))
      .orderBy(asc(advisories.advisoryId))
      .limit(500);
    return rows.reverse().map((row) => ({
      advisoryPk: row.pk,
      advisoryId: row.advisoryId,
      titleZh: row.input.titleZh,
      titleEn: row.input.titleEn,
    }));
  }

  async open(userId: number, advisoryPk: number, input: Art14CaseInput): Promise<Art14Case> {
    const [advisory] = await this.db
      .select({ id: advisories.id })
      .from(advisories)
      .where(eq(advisories.id, advisoryPk));
    if (!advisory) throw new AppError('ADVISORY_NOT_FOUND');
    const values = this.valuesOf(input);
    const [row] = await refuseDuplicate(
      () =>
        this.db
          .insert(art14Cases)
          .values({ advisoryPk, ...values, createdBy: userId })
          .returning(),
      () => new AppError('PSIRT_CASE_EXISTS'),
    );
    if (!row) throw new Error('art14 case not inserted');
    return this.caseOf(row);
  }

  async update(id: number, input: Art14CaseInput): Promise<Art14Case> {
    await this.row(id);
    const [row] = await this.db
      .update(art14Cases)
      .set({ ...this.valuesOf(input), updatedAt: this.clock.now() })
      .where(eq(art14Cases.id, id))
      .returning();
    if (!row) throw new AppError('PSIRT_CASE_NOT_FOUND');
    return this.caseOf(row);
  }

  async submit(userId: number, id: number, input: Art14SubmissionInput): Promise<Art14Case> {
    const row = await this.row(id);
    const submittedAt = input.submittedAt ? new Date(input.submittedAt) : this.clock.now();
    this.notFuture(submittedAt);
    await this.db.insert(art14Submissions).values({
      caseId: row.id,
      stage: input.stage,
      submittedAt,
      reference: input.reference,
      note: input.note,
      submittedBy: userId,
    });
    return this.caseOf(row);
  }

  /** One stage's report: the structured content and its printable text in `locale`. */
  async export(id: number, stage: Art14Stage, locale: Locale): Promise<Art14Export> {
    const row = await this.row(id);
    const facts = await this.factsOf(row.advisoryPk);
    const submissions = await this.submissionsOf([row.id]);
    const clock = art14Clock(this.clockInput(row, facts, submissions), this.clock.now());
    const content = art14Content(stage, facts, this.caseForExport(row), {
      now: this.clock.now(),
      dueAt: clock.find((entry) => entry.stage === stage)?.dueAt ?? null,
      submissions,
      manufacturer: this.settings.manufacturer,
      publicUrl: this.settings.publicUrl,
      locale,
    });
    const slug = facts.advisoryId.toLowerCase().replace(/[^a-z0-9-]+/g, '_');
    return { content, text: art14Text(content, locale), fileName: `${slug}-art14-${stage}.json` };
  }

  private valuesOf(input: Art14CaseInput) {
    const awareAt = new Date(input.awareAt);
    this.notFuture(awareAt);
    return {
      kind: input.kind,
      awareAt,
      exploitNature: input.exploitNature,
      correctiveMeasures: input.correctiveMeasures,
      memberStates: [...new Set(input.memberStates)],
      suspectedMalicious: input.suspectedMalicious,
    };
  }

  private notFuture(at: Date) {
    // A minute of leeway: the browser's clock and the server's are rarely the same.
    if (at.getTime() > this.clock.now().getTime() + 60_000) throw new AppError('PSIRT_TIME_IN_FUTURE');
  }

  private async row(id: number): Promise<CaseRow> {
    const [row] = await this.db.select().from(art14Cases).where(eq(art14Cases.id, id));
    if (!row) throw new AppError('PSIRT_CASE_NOT_FOUND');
    return row;
  }

  private async factsOf(advisoryPk: number): Promise<AdvisoryFacts> {
    const facts = await advisoryFacts(this.db, advisoryPk);
    if (!facts) throw new AppError('PSIRT_CASE_NOT_FOUND');
    return facts;
  }

  async submissionsOf(caseIds: number[]): Promise<SubmissionRow[]> {
    if (caseIds.length === 0) return [];
    const rows = await this.db
      .select({ submission: art14Submissions, account: users.account })
      .from(art14Submissions)
      .leftJoin(users, eq(users.id, art14Submissions.submittedBy))
      .where(inArray(art14Submissions.caseId, caseIds))
      .orderBy(asc(art14Submissions.submittedAt), asc(art14Submissions.id));
    return rows.map(({ submission, account }) => ({
      ...submission,
      stage: submission.stage as Art14Stage,
      account,
    }));
  }

  private clockInput(row: CaseRow, facts: AdvisoryFacts, submissions: SubmissionRow[]) {
    return {
      kind: row.kind as Art14Kind,
      awareAt: row.awareAt,
      fixAvailableAt: facts.fixAvailableAt,
      submittedAt: firstSubmitted(submissions),
    };
  }

  private caseForExport(row: CaseRow) {
    return {
      kind: row.kind as Art14Kind,
      awareAt: row.awareAt,
      exploitNature: row.exploitNature,
      correctiveMeasures: row.correctiveMeasures,
      memberStates: row.memberStates,
      suspectedMalicious: row.suspectedMalicious,
    };
  }

  /** The case with its deadlines at this moment (also what the reminders read). */
  async caseOf(row: CaseRow): Promise<Art14Case> {
    const [facts, submissions, creator] = await Promise.all([
      this.factsOf(row.advisoryPk),
      this.submissionsOf([row.id]),
      row.createdBy === null
        ? []
        : this.db.select({ account: users.account }).from(users).where(eq(users.id, row.createdBy)),
    ]);
    const iso = (at: Date | null) => (at ? at.toISOString() : null);
    const clock = art14Clock(this.clockInput(row, facts, submissions), this.clock.now());
    return {
      id: row.id,
      advisoryPk: row.advisoryPk,
      advisoryId: facts.advisoryId,
      titleZh: facts.snapshot.titleZh,
      titleEn: facts.snapshot.titleEn,
      severity: facts.snapshot.severity,
      cves: facts.snapshot.vulnerabilities.map((vulnerability) => vulnerability.cve),
      kind: row.kind as Art14Kind,
      awareAt: row.awareAt.toISOString(),
      exploitNature: row.exploitNature,
      correctiveMeasures: row.correctiveMeasures,
      memberStates: row.memberStates as EuMemberState[],
      suspectedMalicious: row.suspectedMalicious,
      fixAvailableAt: iso(facts.fixAvailableAt),
      customersNotifiedAt: iso(facts.customersNotifiedAt),
      stages: clock.map((entry) => ({
        stage: entry.stage,
        dueAt: iso(entry.dueAt),
        submittedAt: iso(entry.submittedAt),
        state: entry.state,
      })),
      submissions: submissions.map((submission) => ({
        id: submission.id,
        stage: submission.stage,
        submittedAt: submission.submittedAt.toISOString(),
        reference: submission.reference,
        note: submission.note,
        submittedBy: submission.account,
        createTime: submission.createdAt.toISOString(),
      })),
      createdBy: creator[0]?.account ?? null,
      createTime: row.createdAt.toISOString(),
    };
  }
}
