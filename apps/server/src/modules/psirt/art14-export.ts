import {
  type Art14Kind,
  type Art14ReportContent,
  type Art14Stage,
  advisoryPagePathOf,
  type Locale,
} from '@portal/contract';
import type { AdvisoryFacts } from './art14-facts';

export type CaseForExport = {
  kind: Art14Kind;
  awareAt: Date;
  exploitNature: string;
  correctiveMeasures: string;
  memberStates: string[];
  suspectedMalicious: boolean | null;
};

type SubmissionForExport = { stage: Art14Stage; submittedAt: Date; reference: string };

/**
 * The content of one report (Art. 14(2) for a vulnerability, 14(4) for an incident), prepared
 * from what the advisory holds: the early warning names the products, CVEs, severity and member
 * states; the notification adds the nature of the exploit and the corrective measures; the final
 * report adds the vulnerabilities' descriptions and the fix and when customers were told.
 */
export function art14Content(
  stage: Art14Stage,
  facts: AdvisoryFacts,
  report: CaseForExport,
  context: {
    now: Date;
    dueAt: Date | null;
    submissions: SubmissionForExport[];
    manufacturer: { name: string; contact: string };
    publicUrl: string;
    locale: Locale;
  },
): Art14ReportContent {
  const { snapshot } = facts;
  const en = context.locale === 'en-US';
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  const beyondWarning = stage !== 'earlyWarning';
  const final = stage === 'finalReport';
  return {
    format: 'fwportal-cra-art14/1',
    stage,
    kind: report.kind,
    generatedAt: context.now.toISOString(),
    dueAt: iso(context.dueAt),
    manufacturer: context.manufacturer,
    advisory: {
      id: facts.advisoryId,
      title: en ? snapshot.titleEn : snapshot.titleZh,
      url: `${context.publicUrl}${advisoryPagePathOf(facts.advisoryId)}`,
    },
    awareAt: report.awareAt.toISOString(),
    // Products the advisory names as not affected (VEX) are no part of a report.
    products: snapshot.affected
      .filter((row) => (row as { status?: string }).status !== 'known_not_affected')
      .map((row) => ({
        product: row.productName,
        component: row.kind,
        affectedFrom: row.affectedFrom,
        fixedIn: row.fixedIn,
      })),
    vulnerabilities: snapshot.vulnerabilities.map((vulnerability) => ({
      cve: vulnerability.cve,
      cwe: vulnerability.cweId,
      cvssV31: vulnerability.cvss31.vector,
      baseScore: vulnerability.cvss31.baseScore,
      severity: vulnerability.cvss31.baseSeverity,
      description: final ? (en ? vulnerability.descriptionEn : vulnerability.descriptionZh) : '',
    })),
    severity: snapshot.severity,
    memberStates: report.memberStates,
    suspectedMalicious: report.suspectedMalicious,
    natureOfExploit: beyondWarning ? report.exploitNature : null,
    correctiveMeasures: beyondWarning
      ? {
          workarounds: en ? snapshot.workaroundsEn : snapshot.workaroundsZh,
          fixedVersions: snapshot.fixedVersions.map((fixed) => ({
            item: en ? fixed.itemNameEn : fixed.itemNameZh,
            version: fixed.version,
          })),
          other: report.correctiveMeasures,
        }
      : null,
    fixAvailableAt: iso(facts.fixAvailableAt),
    customersNotifiedAt: final ? iso(facts.customersNotifiedAt) : null,
    previousSubmissions: context.submissions.map((submission) => ({
      stage: submission.stage,
      submittedAt: submission.submittedAt.toISOString(),
      reference: submission.reference,
    })),
  };
}
