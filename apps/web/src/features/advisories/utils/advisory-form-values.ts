import type { AdvisoryAffectedInput, AdvisoryInput } from '@portal/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** An affected product in the form: by server model or by PCIe part number. */
export type AffectedFormRow = Omit<AdvisoryAffectedInput, 'modelId' | 'pn'> & {
  by: 'model' | 'pn';
  modelId?: number | null;
  pn?: string | null;
};

/** The form's values: the input, with the embargo as a date picker value. */
export type AdvisoryFormValues = Omit<AdvisoryInput, 'publishAt' | 'affected'> & {
  publishAt: Dayjs | null;
  affected: AffectedFormRow[];
};

export const EMPTY_VULNERABILITY: AdvisoryInput['vulnerabilities'][number] = {
  cve: '',
  cweId: null,
  cweName: '',
  cvss31Vector: '',
  cvss40Vector: null,
  descriptionZh: '',
  descriptionEn: '',
};
export const EMPTY_AFFECTED: AffectedFormRow = {
  by: 'model',
  kind: 'BMC',
  status: 'known_affected',
  affectedFrom: null,
  fixedIn: '',
};

/** A new advisory starts with one vulnerability and one product, the least the server accepts. */
export const NEW_ADVISORY: AdvisoryFormValues = {
  tlp: 'WHITE',
  titleZh: '',
  titleEn: '',
  summaryZh: '',
  summaryEn: '',
  workaroundsZh: '',
  workaroundsEn: '',
  vulnerabilities: [EMPTY_VULNERABILITY],
  affected: [EMPTY_AFFECTED],
  fixedVersionIds: [],
  references: [],
  acknowledgments: [],
  publishAt: null,
  revisionSummary: '',
};

/**
 * The saved input as the form edits it. A publish time already passed is no embargo any more
 * (approval publishes at once, as with none): the field starts empty rather than show a past
 * date beside a later first publication (issue 42 §2).
 */
export function toFormValues(input: AdvisoryInput, now: Date = new Date()): AdvisoryFormValues {
  const embargoAhead = input.publishAt !== null && Date.parse(input.publishAt) > now.getTime();
  return {
    ...input,
    publishAt: embargoAhead && input.publishAt ? dayjs(input.publishAt) : null,
    affected: input.affected.map((row) => ({ ...row, by: row.pn === null ? 'model' : 'pn' })),
  };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** What PUT/POST takes: exactly one of model and part number per product, empty optionals as null. */
export function toInput(values: AdvisoryFormValues): AdvisoryInput {
  return {
    ...values,
    publishAt: values.publishAt ? values.publishAt.toISOString() : null,
    vulnerabilities: values.vulnerabilities.map((row) => ({
      ...row,
      cweId: blankToNull(row.cweId),
      cweName: row.cweName ?? '',
      cvss40Vector: blankToNull(row.cvss40Vector),
      descriptionZh: row.descriptionZh ?? '',
      descriptionEn: row.descriptionEn ?? '',
    })),
    affected: values.affected.map(({ by, modelId, pn, justification, impactZh, impactEn, ...row }) => ({
      ...row,
      status: row.status ?? 'known_affected',
      affectedFrom: blankToNull(row.affectedFrom),
      fixedIn: blankToNull(row.fixedIn),
      // Only a product not affected says why.
      ...(row.status === 'known_not_affected'
        ? { justification: justification ?? null, impactZh: impactZh ?? '', impactEn: impactEn ?? '' }
        : {}),
      modelId: by === 'model' ? (modelId ?? null) : null,
      pn: by === 'pn' ? blankToNull(pn) : null,
    })),
    fixedVersionIds: values.fixedVersionIds ?? [],
    references: (values.references ?? []).map((row) => ({
      url: row.url,
      summaryZh: row.summaryZh ?? '',
      summaryEn: row.summaryEn ?? '',
    })),
    acknowledgments: (values.acknowledgments ?? []).map((row) => ({
      name: row.name,
      organization: row.organization ?? '',
    })),
    workaroundsZh: values.workaroundsZh ?? '',
    workaroundsEn: values.workaroundsEn ?? '',
    revisionSummary: values.revisionSummary ?? '',
  };
}
