import { type AdvisoryRevision, type AdvisorySnapshot, csafFileNameOf } from '@portal/contract';
import { weaknesses } from '@secvisogram/csaf-validator-lib/cwe.js';
import { vexStatusOf } from '@portal/contract/vex';
import {
  buildProductTree,
  type CsafCatalogue,
  type CsafRow,
  type CsafStatusEntry,
} from './csaf-product-tree';
import { CSAF_TEXTS } from './csaf-texts';

export type CsafLocale = 'en-US' | 'zh-CN';

/** The language advisories are written in first; every other language is a translation of it. */
export const CSAF_SOURCE_LANG = 'en-US' satisfies CsafLocale;

export type CsafDocumentInput = {
  snapshot: Omit<AdvisorySnapshot, 'affected'> & { affected: CsafRow[] };
  /** The families and versions the catalogue knew at approval (empty: ranges stay ranges). */
  catalogue?: CsafCatalogue;
  /** Every revision up to and including this one, numbers ascending. */
  history: AdvisoryRevision[];
  revision: number;
  initialReleaseDate: string;
  currentReleaseDate: string;
  locale: CsafLocale;
  /** `namespace`: the portal's PUBLIC_URL. */
  publisher: { name: string; namespace: string };
  /** The advisory's web page in this language. */
  pageUrl: string;
  /** Where this document is served (its canonical URL, ending in its file name). */
  selfUrl: string;
  /**
   * A translation's source: the canonical URL of the en-US document. Defaults to its file name
   * beside `selfUrl`, where the portal serves both.
   */
  originalUrl?: string;
  /** A translation's source page: the en-US page. Defaults to `pageUrl` (one page, either language). */
  originalPageUrl?: string;
  generatorVersion?: string;
};

/**
 * `/document/tracking/id` of the advisory in a language. CSAF 2.0 (conformance clause 9, "CSAF
 * translator") forbids a translation to reuse the original's id and allows the original id
 * followed by the translation's language: PFW-2026-0001 (en-US), PFW-2026-0001-zh-CN.
 */
export function csafTrackingIdOf(advisoryId: string, locale: CsafLocale): string {
  return locale === CSAF_SOURCE_LANG ? advisoryId : `${advisoryId}-${locale}`;
}

/**
 * File name a language's document is served under, beside the original's (section 5.1: the
 * tracking id in lower case): `pfw-2026-0001.json`, `pfw-2026-0001-zh-cn.json`.
 */
export function csafTranslationFileNameOf(advisoryId: string, locale: CsafLocale): string {
  return csafFileNameOf(csafTrackingIdOf(advisoryId, locale));
}

type Reference = { category: 'self' | 'external'; summary: string; url: string };

/**
 * The CSAF 2.0 document of one revision in one language, made from the frozen snapshot and the
 * catalogue as it was at approval: a `csaf_security_advisory`, or a `csaf_vex` (VEX profile) when
 * no product is known to be affected (the vendor tells scanners it is not affected). en-US is the original (publisher category `vendor`); zh-CN is its translation
 * (category `translator`, `source_lang` en-US, its own tracking id, the original referenced
 * first and the original's references kept at the end) with the same products, ids and scores.
 * Inputs are not checked here: `validateCsaf` runs the standard's tests on the result.
 */
export function buildCsafDocument(input: CsafDocumentInput): Record<string, unknown> {
  const { snapshot, locale, publisher } = input;
  const zh = locale === 'zh-CN';
  const text = CSAF_TEXTS[locale];
  const pick = (zhText: string, enText: string) => (zh ? zhText || enText : enText || zhText);
  const products = buildProductTree(snapshot, publisher.name, locale, input.catalogue, text.packagesFamily);
  const idsOf = (status: string) =>
    products.statuses.filter((entry) => entry.status === status).map((entry) => entry.productId);
  const affectedIds = idsOf('known_affected');
  const fixedNames = [
    ...new Set(
      snapshot.affected.flatMap((row) =>
        vexStatusOf(row) === 'known_affected' && row.fixedIn
          ? [`${row.productName} ${row.kind} ${row.fixedIn}`]
          : [],
      ),
    ),
  ];
  const workarounds = pick(snapshot.workaroundsZh, snapshot.workaroundsEn);
  const summary = pick(snapshot.summaryZh, snapshot.summaryEn);

  const document: Record<string, unknown> = {
    category: affectedIds.length > 0 ? 'csaf_security_advisory' : 'csaf_vex',
    csaf_version: '2.0',
    distribution: { tlp: { label: snapshot.tlp, url: 'https://www.first.org/tlp/' } },
    lang: locale,
    ...(zh ? { source_lang: CSAF_SOURCE_LANG } : {}),
    publisher: {
      category: zh ? 'translator' : 'vendor',
      name: publisher.name,
      namespace: publisher.namespace,
    },
    title: pick(snapshot.titleZh, snapshot.titleEn),
    aggregate_severity: { namespace: 'https://www.first.org/cvss/', text: snapshot.severity },
    notes: [
      { category: 'summary', title: text.summaryTitle, text: summary },
      { category: 'legal_disclaimer', title: text.legalTitle, text: text.legalText },
    ],
    references: referencesOf(input),
    tracking: {
      id: csafTrackingIdOf(snapshot.advisoryId, locale),
      status: 'final',
      version: String(input.revision),
      initial_release_date: isoDateTime(input.initialReleaseDate),
      current_release_date: isoDateTime(input.currentReleaseDate),
      revision_history: input.history.map((entry) => ({
        number: String(entry.number),
        date: isoDateTime(entry.date),
        summary: entry.summary || (entry.number === 1 ? 'Initial release.' : `Revision ${entry.number}.`),
      })),
      generator: {
        engine: {
          name: 'Firmware Portal',
          ...(input.generatorVersion ? { version: input.generatorVersion } : {}),
        },
      },
    },
  };
  if (snapshot.acknowledgments.length > 0) {
    document.acknowledgments = snapshot.acknowledgments.map((ack) => ({
      names: [ack.name],
      ...(ack.organization ? { organization: ack.organization } : {}),
    }));
  }

  const vulnerabilities = snapshot.vulnerabilities.map((vulnerability) => {
    const cweName = vulnerability.cweId ? officialCweName(vulnerability.cweId) || vulnerability.cweName : '';
    const notes: Record<string, string>[] = [
      {
        category: 'description',
        title: text.descriptionTitle,
        text: pick(vulnerability.descriptionZh, vulnerability.descriptionEn) || summary,
      },
    ];
    if (vulnerability.cvss40) {
      const { vector, baseScore, baseSeverity } = vulnerability.cvss40;
      notes.push({
        category: 'other',
        title: text.cvss40Title,
        text: text.cvss40Text(vector, baseScore, baseSeverity),
      });
    }
    const remediations: Record<string, unknown>[] = [];
    if (affectedIds.length > 0) {
      remediations.push({
        category: 'vendor_fix',
        details: text.vendorFix(fixedNames),
        url: input.pageUrl,
        product_ids: affectedIds,
      });
      if (workarounds)
        remediations.push({ category: 'workaround', details: workarounds, product_ids: affectedIds });
    }
    // Optional test 6.2.2: a product under investigation has a remediation too, saying so.
    const investigatedIds = idsOf('under_investigation');
    if (investigatedIds.length > 0)
      remediations.push({
        category: 'none_available',
        details: text.underInvestigation,
        product_ids: investigatedIds,
      });
    return {
      cve: vulnerability.cve,
      ...(vulnerability.cweId && cweName ? { cwe: { id: vulnerability.cweId, name: cweName } } : {}),
      notes,
      product_status: productStatusOf(products.statuses),
      ...notAffectedReasons(products.statuses, pick),
      ...(affectedIds.length > 0
        ? {
            scores: [
              {
                products: affectedIds,
                cvss_v3: {
                  version: '3.1',
                  vectorString: vulnerability.cvss31.vector,
                  baseScore: vulnerability.cvss31.baseScore,
                  baseSeverity: vulnerability.cvss31.baseSeverity,
                },
              },
            ],
          }
        : {}),
      ...(remediations.length > 0 ? { remediations } : {}),
    };
  });

  // Optional test 6.2.13: every object's keys in alphabetical order, as the validator's collator sorts.
  return sortKeys({ document, product_tree: products.tree, vulnerabilities }) as Record<string, unknown>;
}

/** `product_status`: each status that has products, in the standard's order. */
function productStatusOf(statuses: CsafStatusEntry[]): Record<string, string[]> {
  const status: Record<string, string[]> = {};
  for (const entry of statuses) (status[entry.status] ??= []).push(entry.productId);
  return status;
}

/**
 * Why products are not affected (VEX profile test 6.1.27.9 wants a flag or an impact statement
 * for each): one flag per justification and one `impact` threat per statement, each naming its
 * products.
 */
function notAffectedReasons(statuses: CsafStatusEntry[], pick: (zh: string, en: string) => string) {
  const flags = new Map<string, string[]>();
  const threats = new Map<string, string[]>();
  for (const { productId, status, row } of statuses) {
    if (status !== 'known_not_affected' || !row) continue;
    if (row.justification) flags.set(row.justification, [...(flags.get(row.justification) ?? []), productId]);
    const statement = pick(row.impactZh ?? '', row.impactEn ?? '');
    if (statement) threats.set(statement, [...(threats.get(statement) ?? []), productId]);
  }
  return {
    ...(flags.size > 0
      ? { flags: [...flags].map(([label, productIds]) => ({ label, product_ids: productIds })) }
      : {}),
    ...(threats.size > 0
      ? {
          threats: [...threats].map(([details, productIds]) => ({
            category: 'impact',
            details,
            product_ids: productIds,
          })),
        }
      : {}),
  };
}

/** A copy with every object's keys sorted by `Intl.Collator` (arrays keep their order). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => KEY_ORDER.compare(a, b))
      .map(([key, inner]) => [key, sortKeys(inner)]),
  );
}
const KEY_ORDER = new Intl.Collator();

/**
 * The original: itself (JSON and page, category `self`) and the snapshot's references. A
 * translation (clause 9): the original first, then its own translated references, then the
 * original's references unchanged at the end (as `external`: they are not this document).
 */
function referencesOf(input: CsafDocumentInput): Reference[] {
  const { snapshot, locale } = input;
  const own = (forLocale: CsafLocale, selfUrl: string, pageUrl: string): Reference[] => {
    const text = CSAF_TEXTS[forLocale];
    return [
      { category: 'self', summary: text.selfJson, url: selfUrl },
      { category: 'self', summary: text.selfPage, url: pageUrl },
      ...snapshot.references.map((reference): Reference => {
        const summary =
          forLocale === 'zh-CN' ? reference.summaryZh || reference.summaryEn : reference.summaryEn;
        return {
          category: 'external',
          summary: summary || reference.summaryZh || text.reference,
          url: reference.url,
        };
      }),
    ];
  };
  if (locale === CSAF_SOURCE_LANG) return own(locale, input.selfUrl, input.pageUrl);

  const originalUrl = input.originalUrl ?? new URL(csafFileNameOf(snapshot.advisoryId), input.selfUrl).href;
  const original = own(CSAF_SOURCE_LANG, originalUrl, input.originalPageUrl ?? input.pageUrl).map(
    (reference): Reference => ({ ...reference, category: 'external' }),
  );
  return [
    { category: 'external', summary: CSAF_TEXTS[locale].original(snapshot.advisoryId), url: originalUrl },
    ...own(locale, input.selfUrl, input.pageUrl),
    ...original,
  ];
}

/** CWE's own name for the id (mandatory test 6.1.11 compares it character for character). */
function officialCweName(cweId: string): string {
  return weaknesses.find((weakness) => weakness.id === cweId)?.name ?? '';
}

/** RFC 3339 in UTC (`...Z`): CSAF dates need a time zone. Unreadable text is left for the validator to refuse. */
function isoDateTime(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}
