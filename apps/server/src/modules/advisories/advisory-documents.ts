import { createHash } from 'node:crypto';
import { type AdvisoryRevision, type AdvisorySnapshot, csafFileNameOf, type Locale } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/messages';
import type { OpenPgpSigner } from '../../lib/signing/openpgp-signer';
import { buildCsafDocument, csafTranslationFileNameOf } from './csaf/csaf-document';
import type { CsafCatalogue } from './csaf/csaf-product-tree';
import { validateCsaf } from './csaf/csaf-validate';
import { csafDocumentPathOf } from './csaf-paths';

/** The original is English; the Chinese document is its translation (CSAF 2.0 translator rules). */
export const CSAF_LOCALES: Locale[] = ['en-US', 'zh-CN'];

export type AdvisoryFile = {
  locale: Locale;
  fileName: string;
  body: string;
  sha256: string;
  sha512: string;
  signature: string;
  keyFingerprint: string;
};

/**
 * Makes a revision's CSAF files: built from the snapshot, checked by the reference validator's
 * strict schema and mandatory tests (a document that fails is refused with what failed, and is
 * never stored or served), then hashed and signed over the exact bytes that will be served.
 */
export class AdvisoryDocuments {
  constructor(
    private readonly signer: () => Promise<OpenPgpSigner>,
    private readonly publicUrl: string,
    private readonly publisherName: string,
  ) {}

  async make(
    snapshot: AdvisorySnapshot,
    history: AdvisoryRevision[],
    /** The families and released versions of the affected products (csafCatalogueOf). */
    catalogue?: CsafCatalogue,
  ): Promise<AdvisoryFile[]> {
    const signer = await this.signer();
    const revision = history.at(-1);
    const first = history[0];
    if (!revision || !first) throw new Error('an advisory document needs its revision history');
    const files: AdvisoryFile[] = [];
    for (const locale of CSAF_LOCALES) {
      const fileName =
        locale === 'en-US'
          ? csafFileNameOf(snapshot.advisoryId)
          : csafTranslationFileNameOf(snapshot.advisoryId, locale);
      const year = first.date.slice(0, 4);
      const document = buildCsafDocument({
        snapshot,
        catalogue,
        history: history.map((entry) => ({
          ...entry,
          summary: entry.summary || translate(locale, 'ADVISORY_INITIAL_RELEASE'),
        })),
        revision: revision.number,
        initialReleaseDate: first.date,
        currentReleaseDate: revision.date,
        locale,
        publisher: { name: this.publisherName, namespace: this.publicUrl },
        pageUrl: `${this.publicUrl}/security/advisories/${encodeURIComponent(snapshot.advisoryId)}`,
        selfUrl: `${this.publicUrl}${csafDocumentPathOf(snapshot.tlp, year, fileName)}`,
      });
      const result = await validateCsaf(document);
      if (!result.valid)
        throw new AppError('ADVISORY_CSAF_INVALID', {
          params: {
            detail: result.errors
              .slice(0, 3)
              .map((error) => `${error.instancePath} ${error.message}`)
              .join('; '),
          },
        });
      const body = `${JSON.stringify(document, null, 2)}\n`;
      files.push({
        locale,
        fileName,
        body,
        sha256: createHash('sha256').update(body).digest('hex'),
        sha512: createHash('sha512').update(body).digest('hex'),
        signature: await signer.signDetached(body),
        keyFingerprint: signer.fingerprint,
      });
    }
    return files;
  }
}
