import { createHash } from 'node:crypto';
import { ErrorCode, type SignedManifest } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, createVersion } from '../../test/catalog-factories';
import { grantItem, signedInUser } from '../../test/download-fixtures';
import { createStaffRoleWithout, createUser } from '../../test/factories';
import { tokenFor } from '../../test/requests';
import { adminToken, createTestApp, type Driver, type TestApp } from '../../test/test-app';
import { checkSbom } from './sbom-check';
import { checkSbomOffThread } from './sbom-parser';
import { cycloneDx, goodComponent, sbomUpload, sha512Of } from './sbom-test-kit';

const ORGANISATION = 'Early Access Co';

/**
 * The SBOM cases on one driver: a file each (sbom-pglite.test.ts and sbom-postgres.test.ts), so
 * the two run beside other files rather than one after the other in a file of over 20 s.
 *
 * Each attach checks its SBOM in a new worker thread that loads the CycloneDX validator: five
 * attaches took 24-28 s of a loaded CI run and up to 69 s at load 10, past the default 30 s.
 * The worker (about 1.3 s of CPU per attach) does not depend on the driver: the attaches whose
 * answer is the subject take the portal's way on PGlite; elsewhere the same checkSbom runs
 * in-thread (its validator compiled once per test process).
 */
export const describeSboms = (driver: Driver) =>
  describe(`SBOMs of versions on ${driver}`, { timeout: 240_000 }, () => {
    let offThread = driver === 'pglite';
    let t: TestApp;
    let admin: string;
    let member: string;
    let stranger: string;
    let plainCustomer: string;
    let lesserStaff: string;
    let fileBytes: Buffer;
    let restricted: { id: number };
    let draft: { id: number };

    const attach = (
      versionId: number,
      document: unknown,
      options: { token?: string; locale?: string } = {},
    ) => {
      const body = sbomUpload(document);
      return t.app.inject({
        method: 'PUT',
        url: `/api/publishing/versions/${versionId}/sbom?locale=${options.locale ?? 'en-US'}`,
        payload: body.payload,
        headers: { authorization: `Bearer ${options.token ?? admin}`, 'content-type': body.contentType },
      });
    };
    const get = (url: string, token: string | null) =>
      t.app.inject({
        method: 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}locale=en-US`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    beforeAll(async () => {
      t = await createTestApp(driver, {
        fileChecks: {
          sbom: (bytes, fileSha512) => (offThread ? checkSbomOffThread : checkSbom)(bytes, fileSha512),
        },
      });
      admin = await adminToken(t.app);
      member = (await signedInUser(t, { roleCodes: ['customer'], organisation: ORGANISATION })).token;
      stranger = (await signedInUser(t, { roleCodes: ['customer'], organisation: 'Other Servers Ltd' }))
        .token;
      plainCustomer = (await signedInUser(t, { roleCodes: ['customer'] })).token;
      await createStaffRoleWithout(t.db, 'staff_no_publish', ['firmware:publish']);
      const lesser = await createUser(t.db, { roleCodes: ['staff_no_publish'] });
      lesserStaff = await tokenFor(t.app, lesser.account, lesser.password);
      const item = await createItem(t.db, { kind: 'BMC', visibility: 'restricted' });
      await grantItem(t.db, item.id, ['customer', ORGANISATION]);
      fileBytes = Buffer.from('bmc image '.repeat(500));
      restricted = await createVersion(t.db, t.app.services.store, {
        itemId: item.id,
        version: '2.1.0',
        bytes: fileBytes,
      });
      draft = await createVersion(t.db, t.app.services.store, {
        itemId: item.id,
        version: '2.2.0',
        status: 'draft',
      });
    }, 120_000);
    afterAll(() => t.close());

    it('attaches a CycloneDX SBOM with the file SHA-512 filled in, and serves it only to whoever may download the file', async () => {
      const attached = await attach(restricted.id, cycloneDx());
      expect(attached.statusCode).toBe(200);
      const summary = attached.json().data;
      expect(summary).toMatchObject({
        format: 'cyclonedx',
        specVersion: '1.6',
        components: 2,
        sha512Filled: true,
      });

      const url = `/api/downloads/${restricted.id}/sbom`;
      const served = await get(url, member);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain('application/vnd.cyclonedx+json');
      expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(summary.sha256);
      expect(JSON.parse(served.body).metadata.component.hashes).toEqual([
        { alg: 'SHA-512', content: sha512Of(fileBytes) },
      ]);

      // Anonymous, another company's customer, a customer without the grant, staff who may not
      // publish (and hold no grant): as for the file itself.
      for (const token of [null, stranger, plainCustomer, lesserStaff]) {
        const refused = await get(url, token);
        expect(refused.statusCode).toBe(404);
        expect(refused.json().code).toBe(ErrorCode.CATALOG_NOT_VISIBLE);
        expect(refused.body).not.toContain('openssl');
        expect((await get(`/api/catalog/versions/${restricted.id}/sbom`, token)).statusCode).toBe(404);
        expect((await get(`/api/downloads/${restricted.id}`, token)).statusCode).toBe(404);
      }
      // Served as a download, never rendered: a page of another site cannot make it run as HTML.
      expect(served.headers['content-disposition']).toContain('attachment');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // A download ticket opens its own version's SBOM, not another's.
      const ticketOf = async (versionId: number) =>
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/downloads/${versionId}/ticket`,
            headers: { authorization: `Bearer ${admin}` },
          })
        ).json().data.ticket as string;
      const ticket = await ticketOf(draft.id);
      expect((await get(`${url}?ticket=${ticket}`, null)).json().code).toBe(
        ErrorCode.DOWNLOAD_TICKET_INVALID,
      );
      expect((await get(`${url}?ticket=${await ticketOf(restricted.id)}`, null)).statusCode).toBe(200);
      // A token in the URL is refused before anything else, as downloads do.
      expect((await get(`${url}?token=${member}`, null)).json().code).toBe(ErrorCode.TOKEN_IN_URL);
    });

    it('lists the SBOM with its hash in the signed manifests, and shows its components in the drawer', async () => {
      const drawer = await get(`/api/catalog/versions/${restricted.id}/sbom`, member);
      expect(drawer.statusCode).toBe(200);
      const { summary, url, components } = drawer.json().data;
      expect(url).toBe(`/api/downloads/${restricted.id}/sbom`);
      expect(components).toEqual([
        {
          name: 'openssl',
          version: '3.0.7',
          purl: 'pkg:generic/openssl@3.0.7',
          cpe: 'cpe:2.3:a:openssl:openssl:3.0.7:*:*:*:*:*:*:*',
          supplier: 'openssl project',
          licences: ['Apache-2.0'],
        },
        expect.objectContaining({ name: 'busybox', licences: ['GPL-2.0-only'] }),
      ]);
      for (const path of ['/api/downloads/manifest.json', `/api/downloads/${restricted.id}/manifest.json`]) {
        const manifest = (await get(path, member)).json() as SignedManifest;
        const entry = manifest.entries.find((e) => e.versionId === restricted.id);
        expect(entry?.sbom).toEqual({
          fileName: 'fw-2.1.0.bin.cdx.json',
          size: summary.size,
          sha256: summary.sha256,
          url: `${manifest.origin}/api/downloads/${restricted.id}/sbom`,
        });
      }
      // Another company's manifest does not name the version, nor its SBOM.
      const theirs = (await get('/api/downloads/manifest.json', stranger)).json() as SignedManifest;
      expect(theirs.entries.some((e) => e.versionId === restricted.id)).toBe(false);
    });

    it("hides an unpublished version's SBOM from customers, even those the item is granted to", async () => {
      expect((await attach(draft.id, cycloneDx())).statusCode).toBe(200);
      expect((await get(`/api/downloads/${draft.id}/sbom`, member)).json().code).toBe(
        ErrorCode.CATALOG_NOT_VISIBLE,
      );
      expect((await get(`/api/downloads/${draft.id}/sbom`, admin)).statusCode).toBe(200);
    });

    it('refuses a bad SBOM naming each problem in the reader language, and keeps the SBOM it had', async () => {
      const bad = cycloneDx({
        components: [{ ...goodComponent('zlib', '1.3'), supplier: undefined, licenses: undefined }],
      });
      const english = await attach(restricted.id, bad);
      expect(english.statusCode).toBe(400);
      expect(english.json()).toMatchObject({
        code: ErrorCode.SBOM_INVALID,
        data: [
          { field: 'components[0].supplier', message: 'names no supplier', code: 'SBOM_SUPPLIER_MISSING' },
          { field: 'components[0].licenses', message: 'names no licence', code: 'SBOM_LICENCE_MISSING' },
        ],
      });
      expect(english.json().message).toContain(
        'The SBOM was refused: components[0].supplier names no supplier',
      );
      const chinese = await attach(restricted.id, bad, { locale: 'zh-CN' });
      expect(chinese.json().data[0]).toMatchObject({
        message: '未注明供应商',
        code: 'SBOM_SUPPLIER_MISSING',
      });
      expect(chinese.json().message).toMatch(/^SBOM 未被接受/);
      const kept = await get(`/api/catalog/versions/${restricted.id}/sbom`, member);
      expect(kept.json().data.components).toHaveLength(2);
    });

    it('refuses an SBOM over the cap before parsing it, and publishing routes to staff without the right', async () => {
      const huge = Buffer.alloc(20 * 1024 * 1024 + 10, 0x20);
      const tooLarge = await attach(restricted.id, huge);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().code).toBe(ErrorCode.FILE_TOO_LARGE);
      for (const token of [lesserStaff, member]) {
        expect((await attach(restricted.id, cycloneDx(), { token })).statusCode).toBe(403);
        expect((await get(`/api/publishing/versions/${restricted.id}/sbom`, token)).statusCode).toBe(403);
      }
    });

    it('finds the versions that contain a component in a version range, for staff only', async () => {
      // The subject is the search: its five SBOMs are checked in-thread.
      offThread = false;
      const item = await createItem(t.db, { kind: 'BMC', visibility: 'signed_in' });
      const found: Record<string, number> = {};
      for (const [release, openssl] of [
        ['1.0.0', '1.1.1w'],
        ['2.0.0', '3.0.7'],
        ['3.0.0', '3.0.8'],
        ['4.0.0', '3.0.8a'],
        ['5.0.0', '3.0.10'],
      ] as const) {
        const version = await createVersion(t.db, t.app.services.store, {
          itemId: item.id,
          version: release,
        });
        found[openssl] = version.id;
        const bom = cycloneDx({
          components: [
            goodComponent('openssl', openssl, { cpe: `cpe:2.3:a:openssl:openssl:${openssl}:*:*:*:*:*:*:*` }),
          ],
        });
        expect((await attach(version.id, bom)).statusCode).toBe(200);
      }
      const search = async (query: string, token = admin) => {
        const answer = await get(`/api/staff/sbom/search?${query}`, token);
        expect(answer.statusCode, answer.body).toBe(200);
        return (answer.json().data.rows as { versionId: number; component: { version: string } }[])
          .filter((row) => Object.values(found).includes(row.versionId))
          .map((row) => row.component.version)
          .sort();
      };
      expect(await search('purl=pkg:generic/openssl@9.9.9&lt=3.0.8')).toEqual(['1.1.1w', '3.0.7']);
      expect(await search('cpe=openssl:openssl&gte=3.0.8&lt=3.0.10')).toEqual(['3.0.8', '3.0.8a']);
      expect(await search('name=OpenSSL&gt=3.0.8')).toEqual(['3.0.10', '3.0.8a']);
      expect(await search('cpe=cpe:2.3:a:openssl:openssl:*:*:*:*:*:*:*:*&lte=3.0.8')).toEqual([
        '1.1.1w',
        '3.0.7',
        '3.0.8',
      ]);
      // The service the VEX triage calls answers the same.
      const direct = await t.app.services.sboms.findVersionsContaining({
        purl: 'pkg:generic/openssl',
        range: { lt: '3.0.8' },
      });
      expect(direct.rows.map((row) => row.versionId).sort()).toEqual(
        [found['1.1.1w'], found['3.0.7'], restricted.id].sort(),
      );

      const noTriage = await createStaffRoleWithout(t.db, 'staff_no_triage', [
        'firmware:publish',
        'advisory:write',
      ]);
      const clerk = await createUser(t.db, { roleCodes: [noTriage.code] });
      const clerkToken = await tokenFor(t.app, clerk.account, clerk.password);
      for (const token of [member, plainCustomer, clerkToken])
        expect((await get('/api/staff/sbom/search?name=openssl', token)).statusCode).toBe(403);
      expect((await get('/api/staff/sbom/search?name=openssl', null)).statusCode).toBe(401);
      expect((await get('/api/staff/sbom/search?purl=openssl', admin)).statusCode).toBe(400);
      expect(
        (await get('/api/staff/sbom/search?purl=pkg:generic/openssl&name=openssl', admin)).statusCode,
      ).toBe(400);
    });
  });
