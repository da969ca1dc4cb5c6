import { FEED_CONTENT_TYPE, type FeedTokenCreated, type FeedTokenStatus } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { parse, validate } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { bindSerial, createServer, referenceModel } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { createItem, publishVersion, recallVersion } from './release-test-kit';

type AtomLink = { '@_rel': string; '@_href': string; '@_type'?: string };
type AtomEntry = {
  id: string;
  title: string;
  updated: string;
  summary: { '#text': string } | string;
  link: AtomLink[];
  category: { '@_term': string }[];
};
type AtomFeed = {
  feed: {
    '@_xmlns': string;
    id: string;
    title: string;
    updated: string;
    link: AtomLink[];
    entry: AtomEntry[];
  };
};

const FEED = '/api/feeds/releases.atom';

/** Parses a feed strictly (well-formed XML first), entries always as a list. */
function atomOf(xml: string): AtomFeed['feed'] {
  expect(validate(xml)).toBe(true);
  const parsed = parse(xml, {
    ignoreAttributes: false,
    arrayMode: (name: string) => ['entry', 'link', 'category'].includes(name),
  }) as AtomFeed;
  return { ...parsed.feed, entry: parsed.feed.entry ?? [] };
}
/** The text of an element as an XML reader sees it (this parser leaves entities alone). */
const textOf = (summary: AtomEntry['summary']) =>
  (typeof summary === 'string' ? summary : summary['#text'])
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

describe.each(DRIVERS)('Atom feeds of releases on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let ownerSession: string;
  let recalledId: number;

  const get = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `${FEED}${query}`, headers });
  const titles = async (query: string) => {
    const answer = await get(query);
    expect(answer.statusCode).toBe(200);
    return atomOf(answer.body).entry.map((entry) => entry.title);
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminToken(t.app);
    owner = await createUser(t.db, { roleCodes: ['customer'] });
    // The owner's verified server: the restricted item below is granted to its SN.
    const ownSn = (await createServer(t.db, { modelId: (await referenceModel(t.db, 'M7-2U')).id })).sn;
    await bindSerial(t.db, owner.id, ownSn, 'verified', t.clock.now());
    ownerSession = await tokenFor(t.app, owner.account, owner.password);
    const publicBmc = await createItem(t, admin, {
      code: 'feed-bmc',
      nameEn: 'Feed BMC',
      nameZh: '订阅 BMC',
      visibility: 'public',
    });
    const nic = await createItem(t, admin, {
      code: 'feed-nic',
      kind: 'PCIE',
      nameEn: 'Feed NIC',
      nameZh: '订阅网卡',
      visibility: 'public',
    });
    const signedIn = await createItem(t, admin, { code: 'feed-signed', nameEn: 'Signed BIOS', kind: 'BIOS' });
    const restricted = await createItem(t, admin, {
      code: 'feed-secret',
      nameEn: 'Secret BMC',
      visibility: 'restricted',
      grants: [{ grantType: 'sn', value: ownSn }],
    });
    await publishVersion(t, admin, publicBmc, { version: '1.0.0', models: ['M7-2U'], severity: 'urgent' });
    t.clock.advance(60_000);
    await publishVersion(t, admin, nic, { version: '2.0.0', models: [], parts: ['PN-NIC-25G-2P'] });
    t.clock.advance(60_000);
    await publishVersion(t, admin, signedIn, { version: '3.0.0', models: ['M7-2U'] });
    t.clock.advance(60_000);
    await publishVersion(t, admin, restricted, { version: '4.0.0', models: ['M7-2U'] });
    t.clock.advance(60_000);
    recalledId = await publishVersion(t, admin, publicBmc, { version: '1.0.1', models: ['M7-2U'] });
    t.clock.advance(60_000);
    await recallVersion(t, admin, recalledId, 'Boot loop on <M7> & "A7" nodes');
  }, 60_000);
  afterAll(() => t.close());

  it('answers valid Atom 1.0 with the public releases and recalls only, newest first', async () => {
    const answer = await get('?locale=en-US');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(FEED_CONTENT_TYPE);
    const feed = atomOf(answer.body);
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toMatch(/^tag:/);
    expect(feed.title).toBe('Firmware releases');
    expect(feed.link.find((link) => link['@_rel'] === 'self')?.['@_href']).toContain(FEED);
    expect(feed.entry.map((entry) => entry.title)).toEqual([
      'Recalled: Feed BMC 1.0.1',
      'Feed NIC 2.0.0',
      'Feed BMC 1.0.0',
    ]);
    expect(new Date(feed.updated).toISOString()).toBe(feed.updated);
    const [recall, , release] = feed.entry;
    expect(release!.id).toMatch(/^tag:[^,]+,\d{4}:release\/\d+$/);
    expect(recall!.id).toBe(release!.id.replace(/release\/\d+$/, `recall/${recalledId}`));
    expect(textOf(release!.summary)).toContain('Severity: Urgent');
    // Escaped in the document, read back as written.
    expect(answer.body).toContain('&lt;M7&gt; &amp; &quot;A7&quot;');
    expect(textOf(recall!.summary)).toContain('Recalled: Boot loop on <M7> & "A7" nodes');
    const rels = (entry: AtomEntry) => entry.link.map((link) => link['@_rel']);
    expect(rels(release!)).toEqual(['alternate', 'enclosure']);
    expect(release!.link[1]!['@_href']).toMatch(/\/api\/downloads\/\d+$/);
    expect(release!.link[0]!['@_href']).toMatch(/\/mirror\/custmirrordownload\?version=\d+$/);
    // A recalled file can no longer be downloaded: no enclosure.
    expect(rels(recall!)).toEqual(['alternate']);
    expect(recall!.category.map((c) => c['@_term'])).toContain('recalled');
  });

  it('titles and summaries follow the locale', async () => {
    const feed = atomOf((await get('?locale=zh-CN')).body);
    expect(feed.title).toBe('固件发布');
    expect(feed.entry.map((entry) => entry.title)).toContain('订阅网卡 2.0.0');
    expect(textOf(feed.entry.find((entry) => entry.title === '订阅 BMC 1.0.0')!.summary)).toContain('紧急');
  });

  it('filters by model, kind and part number (any case)', async () => {
    expect(await titles('?locale=en-US&model=m7-2u')).toEqual(['Recalled: Feed BMC 1.0.1', 'Feed BMC 1.0.0']);
    expect(await titles('?locale=en-US&kind=pcie')).toEqual(['Feed NIC 2.0.0']);
    expect(await titles('?locale=en-US&pn=pn-nic-25g-2p')).toEqual(['Feed NIC 2.0.0']);
    expect(await titles('?locale=en-US&kind=BMC&model=M7-2U')).toHaveLength(2);
    expect(await titles('?locale=en-US&model=M6-1U')).toEqual([]);
    expect(await titles('?locale=en-US&kind=BIOS')).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const first = await get('?locale=en-US');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await get('?locale=en-US', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('?locale=en-US', { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await get('?locale=en-US', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    // Another language is another document.
    expect((await get('?locale=zh-CN', { 'if-none-match': etag })).statusCode).toBe(200);
    const since = String(first.headers['last-modified']);
    expect((await get('?locale=en-US', { 'if-modified-since': since })).statusCode).toBe(304);
    expect(
      (await get('?locale=en-US', { 'if-modified-since': new Date(Date.parse(since) - 1000).toUTCString() }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses bad query values with a 4xx, never a 500', async () => {
    for (const query of [
      '?kind=NOPE',
      '?kind=BMC&kind=BIOS',
      '?model=%3Cscript%3E',
      `?model=${'M'.repeat(65)}`,
      '?pn=%00',
      `?token=${'x'.repeat(200)}`,
      '?token=fwf_short',
      '?token=',
      '?model=',
    ]) {
      const answer = await get(query);
      expect(answer.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, query).toBeLessThan(500);
    }
    expect((await get('?locale=xx-XX')).statusCode).toBe(200);
  });

  it('a private feed token adds what its owner may see; revoked or replaced, it answers 404', async () => {
    expect(
      (await withToken<FeedTokenStatus>(t.app, ownerSession, { url: '/api/sysUser/feedToken' })).body.data,
    ).toEqual({
      active: false,
      createdAt: null,
      lastUsedAt: null,
    });
    const created = await withToken<FeedTokenCreated>(t.app, ownerSession, {
      method: 'POST',
      url: '/api/sysUser/feedToken',
    });
    expect(created.status).toBe(200);
    const { token, feedUrl } = created.body.data;
    expect(token).toMatch(/^fwf_[A-Za-z0-9_-]{43}$/);
    expect(feedUrl).toMatch(new RegExp(`^https?://[^/]+${FEED.replace('.', '\\.')}\\?token=${token}$`));
    const privateTitles = await titles(`?locale=en-US&token=${token}`);
    expect(privateTitles).toEqual(
      expect.arrayContaining(['Secret BMC 4.0.0', 'Signed BIOS 3.0.0', 'Feed BMC 1.0.0']),
    );
    // The document never repeats the token (it may be shared or cached on the way).
    expect((await get(`?locale=en-US&token=${token}`)).body).not.toContain(token);
    expect(await titles('?locale=en-US')).not.toContain('Secret BMC 4.0.0');
    const status = await withToken<FeedTokenStatus>(t.app, ownerSession, { url: '/api/sysUser/feedToken' });
    expect(status.body.data.active).toBe(true);
    expect(status.body.data.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(status.body)).not.toContain(token);

    // Another user's token shows their own view, not the owner's.
    const other = await createUser(t.db, { roleCodes: ['customer'] });
    const otherSession = await tokenFor(t.app, other.account, other.password);
    const otherToken = (
      await withToken<FeedTokenCreated>(t.app, otherSession, {
        method: 'POST',
        url: '/api/sysUser/feedToken',
      })
    ).body.data.token;
    expect(await titles(`?locale=en-US&token=${otherToken}`)).not.toContain('Secret BMC 4.0.0');

    const replaced = await withToken<FeedTokenCreated>(t.app, ownerSession, {
      method: 'POST',
      url: '/api/sysUser/feedToken',
    });
    const stale = await get(`?token=${token}`);
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toMatchObject({ success: false, code: 1026008 });
    expect((await get(`?token=${replaced.body.data.token}`)).statusCode).toBe(200);
    const revoked = await withToken<FeedTokenStatus>(t.app, ownerSession, {
      method: 'DELETE',
      url: '/api/sysUser/feedToken',
    });
    expect(revoked.body.data.active).toBe(false);
    expect((await get(`?token=${replaced.body.data.token}`)).statusCode).toBe(404);
    expect((await get(`?token=fwf_${'A'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('a new password ends the feed token (database trigger)', async () => {
    const created = await withToken<FeedTokenCreated>(t.app, ownerSession, {
      method: 'POST',
      url: '/api/sysUser/feedToken',
    });
    expect((await get(`?token=${created.body.data.token}`)).statusCode).toBe(200);
    await t.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, owner.id));
    expect((await get(`?token=${created.body.data.token}`)).statusCode).toBe(404);
  });

  it('feed token settings take a console session only, never an access token', async () => {
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const session = await tokenFor(t.app, user.account, user.password);
    const apiToken = await withToken<{ token: string }>(t.app, session, {
      method: 'POST',
      url: '/api/sysUser/apiTokens',
      payload: { name: 'ci', scopes: ['catalog:read', 'download'], expiresInDays: 30 },
    });
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const answer = await withToken(t.app, apiToken.body.data.token, {
        method,
        url: '/api/sysUser/feedToken',
      });
      expect(answer.status, method).toBe(403);
      expect(answer.body.code).toBe(1026001);
    }
    expect((await t.app.inject({ url: '/api/sysUser/feedToken' })).statusCode).toBe(401);
  });
});
