import { createHash } from 'node:crypto';
import { type AdvisorySeverity, advisoryPagePathOf, type Locale } from '@portal/contract';
import { ADVISORY_FEED_PATH } from '@portal/contract';
import { translate } from '../../lib/i18n/messages';
import { writeAtom } from '../feeds/atom-writer';
import type { AdvisoryReader, AdvisoryReaderService } from './advisory-reader.service';
import type { CsafDistribution } from './csaf-distribution.service';

/** Entries in the advisories feed: the newest revisions first. */
const FEED_SIZE = 50;

/**
 * The Atom feed of advisories (issue 33): an entry per advisory, updated with each revision, in
 * the reader's language. It is built from the same visible revisions as the pages, so an advisory
 * under embargo gains its entry at its time, not before.
 */
export class AdvisoryFeed {
  constructor(
    private readonly reader: AdvisoryReaderService,
    private readonly distribution: CsafDistribution,
    private readonly publicUrl: string,
  ) {}

  async atom(who: AdvisoryReader, locale: Locale) {
    // Last-Modified follows only what this reader may read: the public feed must not change when a
    // GREEN or AMBER advisory comes out, nor a customer's when an AMBER one not for them does.
    const stamp = await this.distribution.stamp(
      who.staff ? undefined : who.userId === null ? ['WHITE'] : ['WHITE', 'GREEN'],
    );
    const page = await this.reader.list(
      who,
      { pageNo: 1, pageSize: FEED_SIZE, sortField: 'updated', sortOrder: 'descend' },
      locale,
    );
    // An AMBER entry this reader may read moves it too.
    const newest = Math.max(
      stamp.lastModified.getTime(),
      ...page.rows.map((row) => new Date(row.currentReleaseTime).getTime()),
    );
    const lastModified = new Date(newest);
    const severity = (value: AdvisorySeverity) => translate(locale, `ADVISORY_SEVERITY_${value}`);
    const xml = writeAtom({
      id: `${this.publicUrl}${ADVISORY_FEED_PATH}`,
      title: translate(locale, 'ADVISORY_FEED_TITLE'),
      subtitle: translate(locale, 'ADVISORY_FEED_SUBTITLE'),
      updated: lastModified,
      selfUrl: `${this.publicUrl}${ADVISORY_FEED_PATH}`,
      alternateUrl: `${this.publicUrl}/security/advisories`,
      language: locale,
      entries: page.rows.map((row) => ({
        id: `${this.publicUrl}${advisoryPagePathOf(row.advisoryId)}`,
        title: `${row.advisoryId} (${severity(row.severity)}, CVSS ${row.baseScore.toFixed(1)}): ${row.title}`,
        updated: new Date(row.currentReleaseTime),
        published: new Date(row.initialReleaseTime),
        summary: translate(locale, 'ADVISORY_FEED_ENTRY', {
          cves: row.cves.join(', '),
          products: row.products.join(', '),
          revision: row.revision,
        }),
        pageUrl: `${this.publicUrl}${advisoryPagePathOf(row.advisoryId)}`,
        categories: [row.severity.toLowerCase(), `tlp:${row.tlp.toLowerCase()}`, ...row.cves],
      })),
    });
    return {
      xml,
      etag: `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`,
      lastModified,
    };
  }
}
