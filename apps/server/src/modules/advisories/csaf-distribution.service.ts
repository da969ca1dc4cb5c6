import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { ADVISORY_TLPS, type AdvisoryTlp } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import type { Clock } from '../../lib/clock';
import type { OpenPgpSigner } from '../../lib/signing/openpgp-signer';
import type { AdvisoryReader } from './advisory-reader.service';
import { snapshotAffects } from './advisory-affects';
import { ownedServers } from './advisory-audience.repository';
import {
  csafDocumentPathOf,
  openPgpKeyPathOf,
  PROVIDER_METADATA_PATH,
  ROLIE_SERVICE_PATH,
  rolieFeedPathOf,
  tlpFolderOf,
} from './csaf-paths';
import type { AdvisorySnapshot } from '@portal/contract';

const CSAF_CATEGORY = { scheme: 'urn:ietf:params:rolie:category:information-type', term: 'csaf' };
const CSAF_SCHEMA = 'https://docs.oasis-open.org/csaf/csaf/v2.0/csaf_json_schema.json';

/** One served CSAF file of a revision visible now. */
export type DistributedFile = {
  pk: number;
  advisoryId: string;
  tlp: AdvisoryTlp;
  year: string;
  fileName: string;
  locale: string;
  body: string;
  sha256: string;
  sha512: string;
  signature: string;
  initialFrom: Date;
  visibleFrom: Date;
  title: string;
  snapshot: AdvisorySnapshot;
};

/**
 * A generated answer with what a conditional GET compares. A cached one also carries its bytes
 * compressed once (a feed of 1,000 advisories is megabytes: compressing it per request, or even
 * re-encoding the string, costs more than everything else the answer does).
 */
export type Conditional = {
  body: string | Buffer;
  etag: string;
  lastModified: Date;
  gzip?: Buffer;
  br?: Buffer;
};

/**
 * The CSAF 2.0 distribution of a trusted provider (section 7.1): provider metadata, a ROLIE feed
 * per TLP label and its service document, index.txt and changes.csv per label folder, and each
 * document with its hashes and signature. Only revisions visible now exist here, the same rule
 * as the pages; feeds are rebuilt only when what is visible changed (a new revision, or an
 * embargo that ended), else served from memory with the same ETag.
 */
export class CsafDistribution {
  private readonly cache = new Map<string, Conditional>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly signer: () => Promise<OpenPgpSigner>,
    private readonly publicUrl: string,
    private readonly publisherName: string,
  ) {}

  /**
   * Changes whenever what is visible changes: revisions visible now, and the newest of them. With
   * `tlps`, only revisions of those labels count (not the other revisions of their advisories): a
   * public answer's ETag and Last-Modified must not tell an anonymous poller when a GREEN or AMBER
   * one came out, nor when a WHITE advisory was revised to AMBER (issue 40 §3).
   */
  async stamp(tlps?: readonly AdvisoryTlp[]): Promise<{ key: string; lastModified: Date }> {
    const now = this.clock.now();
    const labels = tlps === undefined ? sql`` : sql`and tlp = any(${sql.param([...tlps])}::text[])`;
    const [row] = await rowsOf<{ n: string | number; last: number | null; newest: string | Date | null }>(
      this.db,
      sql`
      select count(*) as n, max(id) as last, max(visible_from) as newest
      from advisory_revisions where visible_from <= ${now} ${labels}`,
    );
    return {
      key: `${row?.n ?? 0}:${row?.last ?? 0}`,
      lastModified: row?.newest ? new Date(row.newest) : new Date(0),
    };
  }

  async providerMetadata(): Promise<Conditional> {
    const signer = await this.signer();
    // Public: its last_updated follows the public (TLP:WHITE) advisories only.
    const stamp = await this.stamp(['WHITE']);
    return this.cached(`metadata:${signer.fingerprint}:${stamp.key}`, stamp.lastModified, () => ({
      canonical_url: this.url(PROVIDER_METADATA_PATH),
      distributions: [
        {
          rolie: {
            feeds: ADVISORY_TLPS.map((tlp) => ({
              summary: `${this.publisherName} security advisories (TLP:${tlp})`,
              tlp_label: tlp,
              url: this.url(rolieFeedPathOf(tlp)),
            })),
            services: [this.url(ROLIE_SERVICE_PATH)],
          },
        },
      ],
      last_updated:
        stamp.lastModified.getTime() > 0 ? stamp.lastModified.toISOString() : this.clock.now().toISOString(),
      list_on_CSAF_aggregators: true,
      metadata_version: '2.0',
      mirror_on_CSAF_aggregators: true,
      public_openpgp_keys: [
        { fingerprint: signer.fingerprint, url: this.url(openPgpKeyPathOf(signer.fingerprint)) },
      ],
      publisher: { category: 'vendor', name: this.publisherName, namespace: this.publicUrl },
      role: 'csaf_trusted_provider',
    }));
  }

  async serviceDocument(): Promise<Conditional> {
    return this.cached('service', new Date(0), () => ({
      service: {
        workspace: [
          {
            title: `${this.publisherName} CSAF`,
            collection: ADVISORY_TLPS.map((tlp) => ({
              title: `TLP:${tlp}`,
              href: this.url(rolieFeedPathOf(tlp)),
              categories: { category: [CSAF_CATEGORY] },
            })),
          },
        ],
      },
    }));
  }

  /** The ROLIE feed of one label, with the entries this reader may read (all of them for WHITE). */
  async feed(tlp: AdvisoryTlp, reader: AdvisoryReader): Promise<Conditional> {
    const build = (files: DistributedFile[], lastModified: Date) => {
      return {
        feed: {
          id: `${this.publisherName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-csaf-feed-tlp-${tlpFolderOf(tlp)}`,
          title: `${this.publisherName} CSAF feed (TLP:${tlp})`,
          link: [{ rel: 'self', href: this.url(rolieFeedPathOf(tlp)) }],
          category: [CSAF_CATEGORY],
          updated: (lastModified.getTime() > 0 ? lastModified : this.clock.now()).toISOString(),
          entry: files.map((file) => {
            const href = this.url(csafDocumentPathOf(file.tlp, file.year, file.fileName));
            return {
              id: file.fileName.replace(/\.json$/, ''),
              title: file.title,
              link: [
                { rel: 'self', href },
                { rel: 'hash', href: `${href}.sha256` },
                { rel: 'hash', href: `${href}.sha512` },
                { rel: 'signature', href: `${href}.asc` },
              ],
              published: file.initialFrom.toISOString(),
              updated: file.visibleFrom.toISOString(),
              content: { type: 'application/json', src: href },
              format: { schema: CSAF_SCHEMA, version: '2.0' },
            };
          }),
        },
      };
    };
    // WHITE and GREEN feeds are the same for every reader allowed them; AMBER depends on the reader,
    // and so does its time: only the revisions this reader may read.
    if (tlp === 'AMBER' && !reader.staff) {
      const files = await this.readable(await this.files(tlp), reader);
      const lastModified = newestOf(files);
      const body = `${JSON.stringify(build(files, lastModified))}\n`;
      return { body, etag: etagOf(body), lastModified };
    }
    // The time is that of this label's revisions; the cache follows every revision, since one of
    // another label takes its advisory out of this feed (the ETag, a digest of the body, moves then).
    const [stamp, changes] = await Promise.all([this.stamp([tlp]), this.stamp()]);
    return this.cachedAsync(`feed:${tlp}:${changes.key}`, stamp.lastModified, async () =>
      build(await this.readable(await this.files(tlp), reader), stamp.lastModified),
    );
  }

  /** index.txt (every document path, relative to the label folder) or changes.csv (path, time; newest first). */
  async listing(tlp: AdvisoryTlp, kind: 'index' | 'changes', reader: AdvisoryReader): Promise<Conditional> {
    const files = await this.readable(await this.files(tlp), reader);
    const lastModified =
      tlp === 'AMBER' && !reader.staff ? newestOf(files) : (await this.stamp([tlp])).lastModified;
    const body =
      kind === 'index'
        ? files.map((file) => `${file.year}/${file.fileName}\n`).join('')
        : [...files]
            .sort((a, b) => b.visibleFrom.getTime() - a.visibleFrom.getTime())
            .map((file) => `"${file.year}/${file.fileName}","${file.visibleFrom.toISOString()}"\n`)
            .join('');
    return { body, etag: etagOf(body), lastModified };
  }

  /** One document of a label folder, if visible now and readable by this reader. */
  async file(tlp: AdvisoryTlp, year: string, fileName: string, reader: AdvisoryReader) {
    const files = await this.files(tlp, fileName);
    const [file] = await this.readable(
      files.filter((candidate) => candidate.year === year),
      reader,
    );
    return file;
  }

  /**
   * The advisory (pk) whose document a path names, readable or not: a CSAF ticket is bound to it,
   * and the reader the ticket names is checked by `file` afterwards.
   */
  async documentPk(tlp: AdvisoryTlp, year: string, fileName: string): Promise<number | undefined> {
    const files = await this.files(tlp, fileName);
    return files.find((candidate) => candidate.year === year)?.pk;
  }

  private async files(tlp: AdvisoryTlp, fileName?: string): Promise<DistributedFile[]> {
    const rows = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`
      with "cur" as (
        select r.*, a.advisory_id,
               min(r.visible_from) over (partition by r.advisory_pk) as initial_from,
               row_number() over (partition by r.advisory_pk order by r.number desc) as rn
        from advisory_revisions r join advisories a on a.id = r.advisory_pk
        where r.visible_from <= ${this.clock.now()}
      )
      select c.advisory_pk as pk, c.advisory_id as "advisoryId", c.tlp, c.initial_from as "initialFrom",
             c.visible_from as "visibleFrom", c.snapshot, d.file_name as "fileName", d.locale, d.body,
             d.sha256, d.sha512, d.signature
      from "cur" c join advisory_documents d on d.revision_id = c.id
      where c.rn = 1 and c.tlp = ${tlp} ${fileName === undefined ? sql`` : sql`and d.file_name = ${fileName}`}
      order by c.initial_from desc, c.advisory_pk desc, d.locale`,
    );
    return rows.map((row) => {
      const snapshot = (
        typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot
      ) as AdvisorySnapshot;
      const initialFrom = new Date(row.initialFrom as string);
      return {
        pk: Number(row.pk),
        advisoryId: String(row.advisoryId),
        tlp: row.tlp as AdvisoryTlp,
        year: String(initialFrom.getUTCFullYear()),
        fileName: String(row.fileName),
        locale: String(row.locale),
        body: String(row.body),
        sha256: String(row.sha256),
        sha512: String(row.sha512),
        signature: String(row.signature),
        initialFrom,
        visibleFrom: new Date(row.visibleFrom as string),
        title: row.locale === 'zh-CN' ? snapshot.titleZh : snapshot.titleEn,
        snapshot,
      };
    });
  }

  /** WHITE: anyone; GREEN: any account; AMBER: staff, or the customers whose servers it affects. */
  private async readable(files: DistributedFile[], reader: AdvisoryReader): Promise<DistributedFile[]> {
    const amber = files.filter((file) => file.tlp === 'AMBER');
    if (amber.length === 0 || reader.staff)
      return files.filter((file) => file.tlp === 'WHITE' || reader.userId !== null);
    if (reader.userId === null) return files.filter((file) => file.tlp === 'WHITE');
    const servers = await ownedServers(this.db, { userId: reader.userId });
    return files.filter(
      (file) => file.tlp !== 'AMBER' || servers.some((server) => snapshotAffects(file.snapshot, server)),
    );
  }

  private url(path: string) {
    return `${this.publicUrl}${path}`;
  }

  private cached(key: string, lastModified: Date, build: () => unknown): Conditional {
    return (
      this.cache.get(key) ?? this.remember(key, packed(`${JSON.stringify(build(), null, 2)}\n`, lastModified))
    );
  }

  private async cachedAsync(
    key: string,
    lastModified: Date,
    build: () => Promise<unknown>,
  ): Promise<Conditional> {
    const hit = this.cache.get(key);
    if (hit) return hit;
    // Feeds are read by programs: no indentation (a third of their size).
    return this.remember(key, packed(`${JSON.stringify(await build())}\n`, lastModified));
  }

  private remember(key: string, value: Conditional): Conditional {
    // Old stamps are never asked for again; a small bound keeps the map from growing.
    if (this.cache.size > 64) this.cache.clear();
    this.cache.set(key, value);
    return value;
  }
}

/** The answer as bytes, with its gzip and brotli copies (brotli at a quality that takes milliseconds). */
function packed(text: string, lastModified: Date): Conditional {
  const body = Buffer.from(text);
  return {
    body,
    etag: etagOf(text),
    lastModified,
    gzip: gzipSync(body),
    br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

/** The newest of these files' revision times (the epoch when there is none). */
const newestOf = (files: DistributedFile[]) =>
  new Date(Math.max(0, ...files.map((file) => file.visibleFrom.getTime())));

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
