import { z } from 'zod';
import { trimmedText } from './text-field';
import { ADVISORY_SEVERITIES } from './advisories';
import { pageOf, pageQuerySchema } from './paging';
import { ART14_KINDS, ART14_STAGE_STATES, ART14_STAGES } from './art14-clock';
import { EMAIL_MAX_LENGTH } from './limits';

export * from './art14-clock';

/**
 * The PSIRT's own data (issue 43 §3, §4): CRA Art. 14 reporting cases and the vulnerability reports
 * of the public form. Held by the seeded `psirt` role (and super administrators), not by `staff`:
 * a lesser staff role neither sees nor changes them.
 */
export const PSIRT_PERMISSION = 'psirt:manage';

export const PSIRT_LIMITS = {
  exploitNature: 4000,
  correctiveMeasures: 4000,
  reference: 200,
  note: 1000,
} as const;

/** The 27 member states of the EU (ISO 3166-1 alpha-2; Greece as ENISA writes it, EL). */
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'EL', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const; // prettier-ignore
export type EuMemberState = (typeof EU_MEMBER_STATES)[number];

/** A security fix stays downloadable this long after its release (CRA Art. 13(9)). */
export const SECURITY_FIX_AVAILABILITY_YEARS = 10;

/** True while a security fix released on `releaseDate` (YYYY-MM-DD) must stay available. */
export function withinSecurityFixPeriod(releaseDate: string, now: Date): boolean {
  const [year = 0, month = 1, day = 1] = releaseDate.split('-').map(Number);
  return now.getTime() < Date.UTC(year + SECURITY_FIX_AVAILABILITY_YEARS, month - 1, day);
}

/** A model's end of security support: month and year (CRA Art. 13(19)). */
export const SUPPORT_END_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** PUT /api/staff/models/:id/support-end: set (`2031-12`) or clear (null) a model's end of security support. */
export const modelSupportEndInputSchema = z.object({
  securitySupportEnd: z.string().trim().regex(SUPPORT_END_PATTERN).nullable(),
});
export const modelIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const modelSupportSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  securitySupportEnd: z.string().nullable(),
});
export type ModelSupport = z.infer<typeof modelSupportSchema>;

/** What staff record when they open or edit a case (one per advisory). */
export const art14CaseInputSchema = z.object({
  kind: z.enum(ART14_KINDS),
  /** When the vendor became aware: the clock starts here. */
  awareAt: z.iso.datetime({ offset: true }),
  /** The nature of the exploit or incident, as the notification describes it. */
  exploitNature: trimmedText(PSIRT_LIMITS.exploitNature).default(''),
  /** Measures taken or recommended beyond the advisory's workarounds and fixed versions. */
  correctiveMeasures: trimmedText(PSIRT_LIMITS.correctiveMeasures).default(''),
  /** Member states where the product is known to be affected or the incident to have effect. */
  memberStates: z.array(z.enum(EU_MEMBER_STATES)).max(EU_MEMBER_STATES.length).default([]),
  /** Incidents: suspected to be caused by unlawful or malicious acts (null: not known). */
  suspectedMalicious: z.boolean().nullable().default(null),
});
export type Art14CaseInput = z.infer<typeof art14CaseInputSchema>;
export const art14OpenSchema = art14CaseInputSchema.extend({ advisoryPk: z.number().int().min(1) });

export const art14CaseIdSchema = z.object({ id: z.coerce.number().int().min(1) });

/** Recording that a report went in on ENISA's single reporting platform. */
export const art14SubmissionInputSchema = z.object({
  stage: z.enum(ART14_STAGES),
  /** When it was submitted (default: now); never in the future. */
  submittedAt: z.iso.datetime({ offset: true }).optional(),
  /** The platform's reference for it. */
  reference: trimmedText(PSIRT_LIMITS.reference).min(1),
  note: trimmedText(PSIRT_LIMITS.note).default(''),
});
export type Art14SubmissionInput = z.infer<typeof art14SubmissionInputSchema>;

export const art14SubmissionSchema = z.object({
  id: z.number().int(),
  stage: z.enum(ART14_STAGES),
  submittedAt: z.string(),
  reference: z.string(),
  note: z.string(),
  /** Who recorded it (account), null when the account is gone. */
  submittedBy: z.string().nullable(),
  createTime: z.string(),
});
export type Art14Submission = z.infer<typeof art14SubmissionSchema>;

export const art14StageSchema = z.object({
  stage: z.enum(ART14_STAGES),
  dueAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  state: z.enum(ART14_STAGE_STATES),
});
export type Art14StageRow = z.infer<typeof art14StageSchema>;

export const art14CaseSchema = z.object({
  id: z.number().int(),
  advisoryPk: z.number().int(),
  advisoryId: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  severity: z.enum(ADVISORY_SEVERITIES),
  cves: z.array(z.string()),
  kind: z.enum(ART14_KINDS),
  awareAt: z.string(),
  exploitNature: z.string(),
  correctiveMeasures: z.string(),
  memberStates: z.array(z.enum(EU_MEMBER_STATES)),
  suspectedMalicious: z.boolean().nullable(),
  /** When a fix named by the advisory was first published (null: none yet). */
  fixAvailableAt: z.string().nullable(),
  /** When the affected customers were told of the fix (the advisory's announcement naming it). */
  customersNotifiedAt: z.string().nullable(),
  stages: z.array(art14StageSchema),
  submissions: z.array(art14SubmissionSchema),
  createdBy: z.string().nullable(),
  createTime: z.string(),
});
export type Art14Case = z.infer<typeof art14CaseSchema>;

export const art14ExportQuerySchema = z.object({ stage: z.enum(ART14_STAGES) });

/**
 * The content of one report, prepared from the advisory and the case for ENISA's single reporting
 * platform (it has no public API: staff copy it or attach the JSON). Dates are ISO 8601 (UTC).
 */
export const art14ReportContentSchema = z.object({
  format: z.literal('fwportal-cra-art14/1'),
  stage: z.enum(ART14_STAGES),
  kind: z.enum(ART14_KINDS),
  generatedAt: z.string(),
  dueAt: z.string().nullable(),
  manufacturer: z.object({ name: z.string(), contact: z.string() }),
  advisory: z.object({ id: z.string(), title: z.string(), url: z.string() }),
  awareAt: z.string(),
  products: z.array(
    z.object({
      product: z.string(),
      component: z.string(),
      affectedFrom: z.string().nullable(),
      /** Null: no fixed version yet. */
      fixedIn: z.string().nullable(),
    }),
  ),
  vulnerabilities: z.array(
    z.object({
      cve: z.string(),
      cwe: z.string().nullable(),
      cvssV31: z.string(),
      baseScore: z.number(),
      severity: z.enum(ADVISORY_SEVERITIES),
      description: z.string(),
    }),
  ),
  severity: z.enum(ADVISORY_SEVERITIES),
  memberStates: z.array(z.string()),
  suspectedMalicious: z.boolean().nullable(),
  /** Notification and final report only (null in an early warning). */
  natureOfExploit: z.string().nullable(),
  correctiveMeasures: z
    .object({
      workarounds: z.string(),
      fixedVersions: z.array(z.object({ item: z.string(), version: z.string() })),
      other: z.string(),
    })
    .nullable(),
  fixAvailableAt: z.string().nullable(),
  customersNotifiedAt: z.string().nullable(),
  previousSubmissions: z.array(
    z.object({ stage: z.enum(ART14_STAGES), submittedAt: z.string(), reference: z.string() }),
  ),
});
export type Art14ReportContent = z.infer<typeof art14ReportContentSchema>;

/** The export: the structured content and the same as printable text in the reader's language. */
export const art14ExportSchema = z.object({
  content: art14ReportContentSchema,
  text: z.string(),
  fileName: z.string(),
});
export type Art14Export = z.infer<typeof art14ExportSchema>;

/** Advisories a case may be opened on (not yet holding one). */
export const art14CandidateSchema = z.object({
  advisoryPk: z.number().int(),
  advisoryId: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
});
export type Art14Candidate = z.infer<typeof art14CandidateSchema>;

// ---- coordinated vulnerability disclosure: the public report form and the staff queue ----

/** Where the disclosure policy is read (public, both languages); security.txt's `Policy:`. */
export const DISCLOSURE_POLICY_PATH = '/security/disclosure';

export const VULNERABILITY_REPORT_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  product: 200,
  summary: 200,
  /** An armoured OpenPGP message is about 4/3 of the text it carries, plus its headers. */
  body: 40_000,
  staffNote: 4000,
  /** Reports one client address may send per hour, and acknowledgements one address may get a day. */
  perClientPerHour: 5,
  perAddressPerDay: 3,
} as const;

const L = VULNERABILITY_REPORT_LIMITS;

/** What the public form sends; `body` is plain text, or an ASCII-armoured OpenPGP message when `encrypted`. */
export const vulnerabilityReportInputSchema = z.object({
  name: trimmedText(L.name).min(1),
  email: z.email().max(L.email),
  product: trimmedText(L.product).min(1),
  summary: trimmedText(L.summary).min(1),
  body: z
    .string()
    .max(L.body)
    .refine((value) => value.trim().length > 0, { message: 'FIELD_REQUIRED' }),
  encrypted: z.boolean().default(false),
});
export type VulnerabilityReportInput = z.infer<typeof vulnerabilityReportInputSchema>;
export const vulnerabilityReportReceiptSchema = z.object({ reference: z.string() });

/**
 * Where the PSIRT's OpenPGP public key is published (security.txt's `Encryption:`): one URL
 * whatever the key, so a rotation changes the key and the fingerprint, never the address.
 */
export const PSIRT_KEY_PATH = '/.well-known/psirt-openpgp.asc';

/** The key reporters encrypt with: the PSIRT's own OpenPGP key (not the CSAF signing key). */
export const psirtEncryptionKeySchema = z.object({
  fingerprint: z.string(),
  url: z.string(),
  armoredKey: z.string(),
});
export type PsirtEncryptionKey = z.infer<typeof psirtEncryptionKeySchema>;

/** new -> triage -> confirmed | notApplicable -> resolved. */
export const VULNERABILITY_REPORT_STATUSES = [
  'new',
  'triage',
  'confirmed',
  'notApplicable',
  'resolved',
] as const;
export type VulnerabilityReportStatus = (typeof VULNERABILITY_REPORT_STATUSES)[number];

export const vulnerabilityReportQuerySchema = pageQuerySchema.extend({
  status: z.enum(VULNERABILITY_REPORT_STATUSES).optional(),
});
export type VulnerabilityReportQuery = z.input<typeof vulnerabilityReportQuerySchema>;

export const vulnerabilityReportSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  reporterName: z.string(),
  reporterEmail: z.string(),
  product: z.string(),
  summary: z.string(),
  /** As the reporter sent it: shown as text, never as markup. */
  body: z.string(),
  encrypted: z.boolean(),
  locale: z.string(),
  status: z.enum(VULNERABILITY_REPORT_STATUSES),
  staffNote: z.string(),
  advisoryPk: z.number().int().nullable(),
  acknowledgedAt: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type VulnerabilityReport = z.infer<typeof vulnerabilityReportSchema>;
export const vulnerabilityReportPageSchema = pageOf(vulnerabilityReportSchema);

/** POST /staff/psirt/reports/:id/decrypt: an encrypted report's text, for the PSIRT only (audited). */
export const vulnerabilityReportPlaintextSchema = z.object({ text: z.string() });
export type VulnerabilityReportPlaintext = z.infer<typeof vulnerabilityReportPlaintextSchema>;

export const vulnerabilityReportUpdateSchema = z.object({
  status: z.enum(VULNERABILITY_REPORT_STATUSES),
  staffNote: trimmedText(L.staffNote).default(''),
  /** The advisory this report led to (null: none yet). */
  advisoryPk: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
});
export type VulnerabilityReportUpdate = z.infer<typeof vulnerabilityReportUpdateSchema>;
