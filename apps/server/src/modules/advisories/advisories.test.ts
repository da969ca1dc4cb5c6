import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AdvisoryDetail, AdvisoryInput, AdvisoryRow, Page, StaffAdvisoryDetail } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, notices, webhookDeliveries } from '../../db/schema';
import { advisoryInput } from '../../test/advisory-input';
import { advisoryWebhook, customerRunning, draftFix, signedInWith } from '../../test/advisory-fixtures';
import { createItem, createVersion, referenceModel } from '../../test/catalog-factories';
import { createRole } from '../../test/factories';
import { callAs } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { validateCsaf } from './csaf/csaf-validate';

const HOUR = 3_600_000;

/**
 * Issue 33 end to end on both drivers: the workflow with its four eyes, the embargo (a manual
 * clock), who is told, TLP access, and the CSAF files exactly as served: valid, hashed, signed.
 */
describe.each(DRIVERS)('security advisories on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let writer: { id: number; token: string };
  let approver: string;
  let reader: string;
  let affected: { id: number; token: string };
  let bystander: { id: number; token: string };
  let fixId: number;
  let modelId: number;
  let advisory: StaffAdvisoryDetail;

  const input = (extra: Partial<AdvisoryInput> = {}): AdvisoryInput =>
    advisoryInput(modelId, {
      fixedVersionIds: [fixId],
      publishAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      ...extra,
    });
  const anonymous = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const list = (token: string, query = '') =>
    callAs<Page<AdvisoryRow>>(t.app, token, 'GET', `/api/advisories${query}`).then(
      (answer) => answer.body.data,
    );

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminToken(t.app);
    await createRole(t.db, 'psirt-writer', ['advisory:write']);
    writer = await signedInWith(t, 'psirt-writer');
    // Approving an advisory that holds a draft fix publishes it at its time: a publisher's right.
    await createRole(t.db, 'psirt-reviewer', ['advisory:write', 'advisory:approve', 'firmware:publish']);
    approver = (await signedInWith(t, 'psirt-reviewer')).token;
    reader = (await signedInWith(t, 'customer')).token;
    const model = await referenceModel(t.db, 'M7-2U');
    modelId = model.id;
    fixId = await draftFix(t, modelId, '2.5.0');
    // One customer runs an affected version, one already runs the fix, one has another model.
    affected = await customerRunning(t, modelId, { BMC: '2.1.0' });
    await customerRunning(t, modelId, { BMC: '2.5.0' });
    bystander = await customerRunning(t, (await referenceModel(t.db, 'M6-1U')).id);
    await advisoryWebhook(t, affected.id);
  });
  afterAll(() => t?.close());

  it('refuses a CVSS vector it cannot score, and a product the catalogue does not have', async () => {
    const bad = await callAs(t.app, writer.token, 'POST', '/api/staff/advisories', {
      ...input(),
      vulnerabilities: [{ ...input().vulnerabilities[0], cvss31Vector: 'CVSS:3.1/AV:X' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1028004);
    const unknown = await callAs(
      t.app,
      writer.token,
      'POST',
      '/api/staff/advisories',
      input({ fixedVersionIds: [999999] }),
    );
    expect(unknown.body.code).toBe(1028007);
    // A draft of another model cannot ride along: the advisory would publish it at its time.
    const otherItem = await createItem(t.db, { kind: 'BIOS' });
    const unrelated = await createVersion(t.db, t.app.services.store, {
      itemId: otherItem.id,
      version: '1.0.0',
      status: 'draft',
      modelIds: [(await referenceModel(t.db, 'M6-1U')).id],
    });
    const ride = await callAs(
      t.app,
      writer.token,
      'POST',
      '/api/staff/advisories',
      input({ fixedVersionIds: [unrelated.id] }),
    );
    expect(ride.body.code).toBe(1028008);
    const customer = await callAs(t.app, reader, 'POST', '/api/staff/advisories', input());
    expect(customer.status).toBe(403);
  });

  it('four eyes: the writer may not approve (no permission), the last editor may not either', async () => {
    const created = await callAs<StaffAdvisoryDetail>(t.app, admin, 'POST', '/api/staff/advisories', input());
    expect(created.status).toBe(200);
    advisory = created.body.data;
    // The form names its fixes (a draft held back among them), and offers the versions it may
    // name: drafts only to those who may publish firmware.
    expect(advisory.fixedVersions).toMatchObject([{ versionId: fixId, version: '2.5.0', status: 'draft' }]);
    const candidates = (token: string) =>
      callAs<{ versionId: number }[]>(
        t.app,
        token,
        'GET',
        `/api/staff/advisories/fix-candidates?modelIds=${modelId}`,
      ).then((answer) => answer.body.data.map((row) => row.versionId));
    expect(await candidates(admin)).toContain(fixId);
    expect(await candidates(writer.token)).not.toContain(fixId);
    const models = await callAs<{ id: number; code: string }[]>(
      t.app,
      writer.token,
      'GET',
      '/api/catalog/models',
    );
    expect(models.body.data.find((model) => model.code === 'M7-2U')?.id).toBe(modelId);
    expect(advisory.advisoryId).toMatch(/^PFW-\d{4}-0001$/);
    expect(
      (await callAs(t.app, admin, 'POST', `/api/staff/advisories/${advisory.id}/approve`)).body.code,
    ).toBe(1028002);
    expect((await callAs(t.app, admin, 'POST', `/api/staff/advisories/${advisory.id}/submit`)).status).toBe(
      200,
    );
    const own = await callAs(t.app, admin, 'POST', `/api/staff/advisories/${advisory.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe(1028003);
    expect(
      (await callAs(t.app, writer.token, 'POST', `/api/staff/advisories/${advisory.id}/approve`)).body.code,
    ).toBe(1013002);
  });

  it('under embargo nothing of it is visible: lists, counts, searches, details, feeds, CSAF files', async () => {
    // The admin wrote it and the writer edited it: neither may approve; a third person may.
    await callAs(t.app, admin, 'POST', `/api/staff/advisories/${advisory.id}/reject`, {
      comment: 'score it again',
    });
    await callAs(t.app, writer.token, 'PUT', `/api/staff/advisories/${advisory.id}`, input());
    await callAs(t.app, writer.token, 'POST', `/api/staff/advisories/${advisory.id}/submit`);
    expect(
      (await callAs(t.app, admin, 'POST', `/api/staff/advisories/${advisory.id}/approve`)).body.code,
    ).toBe(1028003);
    const approved = await callAs<StaffAdvisoryDetail>(
      t.app,
      approver,
      'POST',
      `/api/staff/advisories/${advisory.id}/approve`,
    );
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    await t.app.services.advisoryAnnouncer.announceDue();

    for (const token of [reader, affected.token]) {
      const page = await list(token, '?keyword=remote');
      expect(page.totalRows).toBe(0);
      expect((await list(token, '?cve=CVE-2026-55555')).rows).toEqual([]);
    }
    expect((await anonymous(`/api/advisories/${advisory.advisoryId}`)).statusCode).toBe(404);
    expect(
      (await callAs(t.app, affected.token, 'GET', `/api/advisories/${advisory.advisoryId}`)).status,
    ).toBe(404);
    const feed = JSON.parse((await anonymous('/.well-known/csaf/white/csaf-feed-tlp-white.json')).body);
    expect(feed.feed.entry).toEqual([]);
    const year = t.clock.now().getUTCFullYear();
    expect(
      (await anonymous(`/.well-known/csaf/white/${year}/${advisory.advisoryId.toLowerCase()}.json`))
        .statusCode,
    ).toBe(404);
    expect((await anonymous('/.well-known/csaf/white/index.txt')).body).toBe('');
    expect((await anonymous('/api/feeds/advisories.atom')).body).not.toContain(advisory.advisoryId);
    // Nobody was told, and the fixed version is still held back.
    expect(await t.db.select().from(notices).where(eq(notices.userId, affected.id))).toEqual([]);
    const [held] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, fixId));
    expect(held?.status).toBe('draft');
  }, 120_000);

  it('at the embargo time everything appears at once, and only affected customers are told', async () => {
    t.clock.advance(HOUR);
    expect(await t.app.services.advisoryAnnouncer.announceDue()).toBe(1);
    const [fix] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, fixId));
    expect(fix?.status).toBe('published');

    const anon = JSON.parse((await anonymous(`/api/advisories/${advisory.advisoryId}?locale=en-US`)).body)
      .data as AdvisoryDetail;
    expect(anon.severity).toBe('CRITICAL');
    expect(anon.baseScore).toBe(9.8);
    expect(anon.affectsMine).toBeNull();
    const mine = (
      await callAs<AdvisoryDetail>(t.app, affected.token, 'GET', `/api/advisories/${advisory.advisoryId}`)
    ).body.data;
    expect(mine.affectsMine).toBe(true);
    expect(mine.myServers).toHaveLength(1);
    expect((await list(affected.token, '?mine=1')).totalRows).toBe(1);
    expect((await list(bystander.token, '?mine=1')).totalRows).toBe(0);
    // A reported update (fleet inventory) takes the server out of it at once.
    const [server] = mine.myServers;
    await callAs(t.app, affected.token, 'POST', '/api/fleet/inventory', {
      servers: [{ sn: server!.sn, components: [{ kind: 'BMC', version: '2.5.0' }] }],
    });
    expect((await list(affected.token, '?mine=1')).totalRows).toBe(0);
    await callAs(t.app, affected.token, 'POST', '/api/fleet/inventory', {
      servers: [{ sn: server!.sn, components: [{ kind: 'BMC', version: '2.1.0' }] }],
    });
    expect((await list(affected.token, '?mine=1')).totalRows).toBe(1);
    const atom = (await anonymous('/api/feeds/advisories.atom?locale=en-US')).body;
    expect(atom).toContain(
      `<title>${advisory.advisoryId} (critical, CVSS 9.8): BMC remote code execution</title>`,
    );
    expect((await list(reader, `?fixedVersionId=${fixId}`)).rows.map((row) => row.advisoryId)).toEqual([
      advisory.advisoryId,
    ]);

    const told = await t.db.select().from(notices).where(eq(notices.userId, affected.id));
    expect(told.map((notice) => notice.titleEn)).toEqual([
      expect.stringContaining(`Security advisory ${advisory.advisoryId} (critical)`),
    ]);
    for (const userId of [bystander.id]) {
      const none = await t.db
        .select()
        .from(notices)
        .where(and(eq(notices.userId, userId)));
      expect(none.filter((notice) => notice.titleEn.includes(advisory.advisoryId))).toEqual([]);
    }
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, 'advisory.published'));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.payload).toMatchObject({
      advisoryId: advisory.advisoryId,
      revision: 1,
      cves: ['CVE-2026-55555'],
    });
    // Its attempt is queued in the account's group, as a delivery of a release is.
    const queued = await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'webhook.deliver' and group_id = ${`account:${affected.id}`}`,
    );
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    // Announcing again adds nothing.
    expect(await t.app.services.advisoryAnnouncer.announceDue()).toBe(0);
  });

  it('serves each CSAF document valid, with hashes and an OpenPGP signature gpg verifies', async () => {
    const metadata = JSON.parse((await anonymous('/.well-known/csaf/provider-metadata.json')).body);
    expect(metadata.role).toBe('csaf_trusted_provider');
    const [key] = metadata.public_openpgp_keys as { fingerprint: string; url: string }[];
    const keyText = (await anonymous(new URL(key!.url).pathname)).body;
    const feed = JSON.parse((await anonymous('/.well-known/csaf/white/csaf-feed-tlp-white.json')).body);
    const entries = feed.feed.entry as { id: string; link: { rel: string; href: string }[] }[];
    expect(entries.map((entry) => entry.id).sort()).toEqual(
      [advisory.advisoryId.toLowerCase(), `${advisory.advisoryId.toLowerCase()}-zh-cn`].sort(),
    );
    const home = mkdtempSync(path.join(tmpdir(), 'gpg-'));
    try {
      writeFileSync(path.join(home, 'key.asc'), keyText);
      execFileSync('gpg', ['--homedir', home, '--batch', '--import', path.join(home, 'key.asc')], {
        stdio: 'pipe',
      });
      for (const entry of entries) {
        const url = new URL(entry.link.find((link) => link.rel === 'self')!.href).pathname;
        const body = (await anonymous(url)).body;
        const document = JSON.parse(body);
        expect(await validateCsaf(document)).toMatchObject({ valid: true });
        expect((await anonymous(`${url}.sha256`)).body.split(' ')[0]).toBe(
          createHash('sha256').update(body).digest('hex'),
        );
        expect((await anonymous(`${url}.sha512`)).body.split(' ')[0]).toBe(
          createHash('sha512').update(body).digest('hex'),
        );
        writeFileSync(path.join(home, 'doc.json'), body);
        writeFileSync(path.join(home, 'doc.json.asc'), (await anonymous(`${url}.asc`)).body);
        execFileSync(
          'gpg',
          [
            '--homedir',
            home,
            '--batch',
            '--verify',
            path.join(home, 'doc.json.asc'),
            path.join(home, 'doc.json'),
          ],
          { stdio: 'pipe' },
        );
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    const etag = (await anonymous('/.well-known/csaf/white/csaf-feed-tlp-white.json')).headers.etag as string;
    expect(
      (await anonymous('/.well-known/csaf/white/csaf-feed-tlp-white.json', { 'if-none-match': etag }))
        .statusCode,
    ).toBe(304);
    // Compressed once, served as is: the same JSON whichever encoding the client takes.
    const plain = (await anonymous('/.well-known/csaf/white/csaf-feed-tlp-white.json')).body;
    const gzip = await anonymous('/.well-known/csaf/white/csaf-feed-tlp-white.json', {
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    const br = await anonymous('/.well-known/csaf/provider-metadata.json', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).role).toBe('csaf_trusted_provider');
    expect((await anonymous('/.well-known/security.txt')).body).toContain('CSAF: http://localhost');
  });

  it('a revision bumps the version and history, and is signed anew', async () => {
    const year = t.clock.now().getUTCFullYear();
    const url = `/.well-known/csaf/white/${year}/${advisory.advisoryId.toLowerCase()}.json`;
    const before = (await anonymous(`${url}.asc`)).body;
    const noSummary = await callAs(
      t.app,
      writer.token,
      'PUT',
      `/api/staff/advisories/${advisory.id}`,
      input(),
    );
    expect(noSummary.body.code).toBe(1028006);
    await callAs(
      t.app,
      writer.token,
      'PUT',
      `/api/staff/advisories/${advisory.id}`,
      input({ revisionSummary: 'Added a workaround.', publishAt: null }),
    );
    await callAs(t.app, writer.token, 'POST', `/api/staff/advisories/${advisory.id}/submit`);
    expect(
      (await callAs(t.app, approver, 'POST', `/api/staff/advisories/${advisory.id}/approve`)).status,
    ).toBe(200);
    const document = JSON.parse((await anonymous(url)).body);
    expect(document.document.tracking.version).toBe('2');
    expect(document.document.tracking.revision_history).toHaveLength(2);
    expect((await anonymous(`${url}.asc`)).body).not.toBe(before);
    // The first revision stays readable as it was.
    const first = JSON.parse(
      (await anonymous(`/api/advisories/${advisory.advisoryId}?revision=1`)).body,
    ).data;
    expect(first.revision).toBe(1);
    expect(first.history).toHaveLength(2);
    await t.app.services.advisoryAnnouncer.announceDue();
    const updated = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, 'advisory.updated'));
    expect(updated).toHaveLength(1);
  });

  it('TLP: GREEN and AMBER are refused anonymously; AMBER only for the customers it affects', async () => {
    for (const tlp of ['GREEN', 'AMBER'] as const) {
      const created = await callAs<StaffAdvisoryDetail>(
        t.app,
        writer.token,
        'POST',
        '/api/staff/advisories',
        input({ tlp, publishAt: null, fixedVersionIds: [] }),
      );
      await callAs(t.app, writer.token, 'POST', `/api/staff/advisories/${created.body.data.id}/submit`);
      expect(
        (await callAs(t.app, approver, 'POST', `/api/staff/advisories/${created.body.data.id}/approve`))
          .status,
      ).toBe(200);
      const id = created.body.data.advisoryId;
      const label = tlp.toLowerCase();
      expect((await anonymous(`/.well-known/csaf/${label}/csaf-feed-tlp-${label}.json`)).statusCode).toBe(
        401,
      );
      const year = t.clock.now().getUTCFullYear();
      expect(
        (await anonymous(`/.well-known/csaf/${label}/${year}/${id.toLowerCase()}.json`)).statusCode,
      ).toBe(401);
      expect((await anonymous(`/api/advisories/${id}`)).statusCode).toBe(404);
      expect((await callAs(t.app, affected.token, 'GET', `/api/advisories/${id}`)).status).toBe(200);
      expect((await callAs(t.app, bystander.token, 'GET', `/api/advisories/${id}`)).status).toBe(
        tlp === 'GREEN' ? 200 : 404,
      );
      const feed = await t.app.inject({
        url: `/.well-known/csaf/${label}/csaf-feed-tlp-${label}.json`,
        headers: { authorization: `Bearer ${bystander.token}` },
      });
      expect(JSON.parse(feed.body).feed.entry.length).toBe(tlp === 'GREEN' ? 2 : 0);
    }
  });
});
