import type { AdvisoryDetail, AdvisoryInput, AdvisoryRow, Page, StaffAdvisoryDetail } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, notices, webhookDeliveries } from '../../db/schema';
import {
  advisoryRoles,
  advisoryWebhook,
  approvedAdvisory,
  customerRunning,
  draftFix,
  signedInWith,
} from '../../test/advisory-fixtures';
import { bmcBefore, flawAdvisoryInput } from '../../test/advisory-input';
import { referenceModel } from '../../test/catalog-factories';
import { createRole } from '../../test/factories';
import { callAs } from '../../test/requests';
import { adminToken, createTestApp, type Driver, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;

/**
 * Issue 33 as attackers try it: a customer of another company (TLP, embargo, other customers'
 * servers), a staff member with a lesser role (four eyes, frozen revisions, bad input), and a page
 * on another site (no CORS, no cookie-authenticated change, private answers not cached publicly).
 * Each defence that holds is kept here as its regression test. On one driver: a file each
 * (advisory-attacks-pglite.test.ts and advisory-attacks-postgres.test.ts), so that the two run
 * beside each other (as one file it took 7.7 s alone and up to 25 s in a busy CI run).
 */
export const describeAdvisoryAttacks = (only: Driver) =>
  describe.each([only])('advisory attacks on %s', (driver) => {
    let t: TestApp;
    let admin: string;
    let writer: { id: number; token: string };
    let approverB: { id: number; token: string };
    let approverC: { id: number; token: string };
    let approverD: { id: number; token: string };
    /** Staff who may also publish firmware: only they may hold a draft fix back (issue 40). */
    let publisherWriter: { id: number; token: string };
    let publisherApprover: { id: number; token: string };
    let affected: { id: number; token: string; sn: string };
    let neighbour: { id: number; token: string; sn: string };
    let bystander: { id: number; token: string };
    let bystanderPat: string;
    let bystanderWrongPat: string;
    let modelId: number;
    let otherModelId: number;
    let heldId: number;

    const input = (extra: Partial<AdvisoryInput> = {}): AdvisoryInput =>
      flawAdvisoryInput(
        { title: ['攻击测试', 'Attack test'], cve: 'CVE-2026-10001', affected: bmcBefore(modelId) },
        extra,
      );
    const anonymous = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
    const bearer = (token: string, url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url, headers: { authorization: `Bearer ${token}`, ...headers } });
    const list = (token: string, query = '') =>
      callAs<Page<AdvisoryRow>>(t.app, token, 'GET', `/api/advisories${query}`).then(
        (answer) => answer.body.data,
      );
    const staff = <T = StaffAdvisoryDetail>(
      token: string,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      body?: object,
    ) => callAs<T>(t.app, token, method, `/api/staff/advisories${url}`, body);
    /** Created by `by`, submitted, approved by `approver`. */
    const publish = (by: string, approver: string, extra: Partial<AdvisoryInput> = {}) =>
      approvedAdvisory(t, by, approver, input(extra));
    const year = () => t.clock.now().getUTCFullYear();
    const csafUrl = (label: string, advisoryId: string) =>
      `/.well-known/csaf/${label}/${year()}/${advisoryId.toLowerCase()}.json`;

    beforeAll(async () => {
      t = await createTestApp(driver);
      admin = await adminToken(t.app);
      const role = await advisoryRoles(t, 'attack');
      writer = await signedInWith(t, role.writer);
      approverB = await signedInWith(t, role.approver);
      approverC = await signedInWith(t, role.approver);
      approverD = await signedInWith(t, role.approver);
      await createRole(t.db, 'attack-publisher', ['firmware:publish']);
      publisherWriter = await signedInWith(t, role.writer, 'attack-publisher');
      publisherApprover = await signedInWith(t, role.approver, 'attack-publisher');
      modelId = (await referenceModel(t.db, 'M7-2U')).id;
      otherModelId = (await referenceModel(t.db, 'M6-1U')).id;
      heldId = await draftFix(t, modelId, '9.0.0');
      affected = await customerRunning(t, modelId);
      neighbour = await customerRunning(t, modelId);
      bystander = await customerRunning(t, otherModelId);
      const pat = async (scopes: ('catalog:read' | 'licences')[]) =>
        (
          await t.app.services.apiTokens.create(bystander.id, {
            name: `t-${scopes.join()}`,
            scopes,
            expiresInDays: 30,
          })
        ).token;
      bystanderPat = await pat(['catalog:read']);
      bystanderWrongPat = await pat(['licences']);
      for (const who of [affected, neighbour]) await advisoryWebhook(t, who.id);
    });
    afterAll(() => t?.close());

    describe('a curious staff member', () => {
      // The first approval of a process loads the CSAF validator: slow on a busy machine.
      it(
        'may not approve without advisory:approve, nor their own last change, on any path',
        { timeout: 120_000 },
        async () => {
          const created = await staff(approverB.token, 'POST', '', input());
          const id = created.body.data.id;
          // Not yet in review: nothing to approve.
          expect((await staff(approverC.token, 'POST', `/${id}/approve`)).status).toBe(409);
          await staff(approverB.token, 'POST', `/${id}/submit`);
          expect((await staff(approverB.token, 'POST', `/${id}/approve`)).body.code).toBe(1028003);
          expect((await staff(writer.token, 'POST', `/${id}/approve`)).body.code).toBe(1013002);
          expect((await staff(writer.token, 'POST', `/${id}/reject`, { comment: 'no' })).body.code).toBe(
            1013002,
          );
          // In review the copy is frozen: no edit, no second submit.
          expect((await staff(approverC.token, 'PUT', `/${id}`, input({ titleEn: 'Swapped' }))).status).toBe(
            409,
          );
          expect((await staff(approverB.token, 'POST', `/${id}/submit`)).status).toBe(409);
          // Rejected and resubmitted by the author without a change: still the author's last change.
          await staff(approverC.token, 'POST', `/${id}/reject`, { comment: 'again' });
          await staff(approverB.token, 'POST', `/${id}/submit`);
          expect((await staff(approverB.token, 'POST', `/${id}/approve`)).body.code).toBe(1028003);
          // C rejects, edits it and B submits: C made the last change, and B wrote most of it: neither
          // may approve a text they changed since the last approval; D, who changed nothing, may.
          await staff(approverC.token, 'POST', `/${id}/reject`, { comment: 'mine now' });
          await staff(approverC.token, 'PUT', `/${id}`, input({ titleEn: 'Edited by C' }));
          await staff(approverB.token, 'POST', `/${id}/submit`);
          expect((await staff(approverC.token, 'POST', `/${id}/approve`)).body.code).toBe(1028003);
          expect((await staff(approverB.token, 'POST', `/${id}/approve`)).body.code).toBe(1028003);
          const approved = await staff(approverD.token, 'POST', `/${id}/approve`);
          expect(approved.status).toBe(200);
          expect(approved.body.data.reviewerName).not.toBeNull();
          // Approved twice is a conflict, not a second revision.
          expect((await staff(approverC.token, 'POST', `/${id}/approve`)).status).toBe(409);
          expect((await staff(approverC.token, 'POST', `/${id}/reject`, { comment: 'late' })).status).toBe(
            409,
          );
        },
      );

      it('an approved revision is frozen: editing the copy changes nothing published', async () => {
        const approved = await publish(writer.token, approverB.token, { titleEn: 'Frozen title' });
        const before = (await anonymous(csafUrl('white', approved.advisoryId))).body;
        const edited = await staff(writer.token, 'PUT', `/${approved.id}`, {
          ...input({ titleEn: 'Rewritten history' }),
          revisionSummary: 'Rewrite',
        });
        expect(edited.body.data.status).toBe('draft');
        expect((await anonymous(csafUrl('white', approved.advisoryId))).body).toBe(before);
        const page = JSON.parse((await anonymous(`/api/advisories/${approved.advisoryId}?locale=en-US`)).body)
          .data as AdvisoryDetail;
        expect(page.title).toBe('Frozen title');
        expect(page.revision).toBe(1);
        // Nothing deletes or rewrites a revision.
        for (const method of ['DELETE', 'PATCH'] as const)
          expect(
            (
              await t.app.inject({
                method,
                url: `/api/staff/advisories/${approved.id}`,
                headers: { authorization: `Bearer ${admin}` },
              })
            ).statusCode,
          ).toBe(404);
      });

      it('titles are text everywhere: the Atom feed escapes markup, CSAF carries it as a JSON string', async () => {
        const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
        const approved = await publish(writer.token, approverB.token, { titleEn: evil, titleZh: evil });
        const atom = (await anonymous('/api/feeds/advisories.atom?locale=en-US')).body;
        expect(atom).not.toContain('<script>');
        expect(atom).not.toContain('<img');
        expect(atom).toContain('&lt;script&gt;');
        const document = JSON.parse((await anonymous(csafUrl('white', approved.advisoryId))).body);
        expect(document.document.title).toBe(evil);
      });

      it('a held fixed version stays a draft until the embargo ends, whoever asks', async () => {
        const approved = await publish(publisherWriter.token, publisherApprover.token, {
          fixedVersionIds: [heldId],
          publishAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
        });
        await t.app.services.advisoryAnnouncer.announceDue();
        const [held] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, heldId));
        expect(held?.status).toBe('draft');
        // Resolve the embargo for the next tests: revision 1 stays hidden until then.
        expect((await anonymous(`/api/advisories/${approved.advisoryId}`)).statusCode).toBe(404);
      });
    });

    describe('a customer of another company', () => {
      it('learns nothing of an embargoed advisory: counts, searches, filters, revisions, feeds, headers', async () => {
        const probes = async () => ({
          anonTotal: JSON.parse((await anonymous('/api/advisories')).body).data.totalRows,
          total: (await list(bystander.token)).totalRows,
          affectedTotal: (await list(affected.token)).totalRows,
          keyword: (await list(bystander.token, '?keyword=zebracorn')).totalRows,
          cve: (await list(bystander.token, '?cve=CVE-2026-20002')).totalRows,
          fixed: (await list(bystander.token, `?fixedVersionId=${heldId}`)).totalRows,
          whiteFeed: (await anonymous('/.well-known/csaf/white/csaf-feed-tlp-white.json')).headers,
          metadata: (await anonymous('/.well-known/csaf/provider-metadata.json')).headers,
          index: (await anonymous('/.well-known/csaf/white/index.txt')).body,
          changes: (await anonymous('/.well-known/csaf/white/changes.csv')).body,
          atom: (await anonymous('/api/feeds/advisories.atom')).headers,
        });
        const before = await probes();
        const created = await staff(
          publisherWriter.token,
          'POST',
          '',
          input({
            titleEn: 'zebracorn overflow',
            vulnerabilities: [{ ...input().vulnerabilities[0]!, cve: 'CVE-2026-20002' }],
            fixedVersionIds: [heldId],
            publishAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
          }),
        );
        await staff(publisherWriter.token, 'POST', `/${created.body.data.id}/submit`);
        expect(
          (await staff(publisherApprover.token, 'POST', `/${created.body.data.id}/approve`)).status,
        ).toBe(200);
        await t.app.services.advisoryAnnouncer.announceDue();
        const after = await probes();
        for (const key of [
          'anonTotal',
          'total',
          'affectedTotal',
          'keyword',
          'cve',
          'fixed',
          'index',
          'changes',
        ] as const)
          expect(after[key], key).toEqual(before[key]);
        for (const key of ['whiteFeed', 'metadata', 'atom'] as const) {
          expect(after[key].etag, key).toBe(before[key].etag);
          expect(after[key]['last-modified'], key).toBe(before[key]['last-modified']);
        }
        const id = created.body.data.advisoryId;
        expect((await callAs(t.app, affected.token, 'GET', `/api/advisories/${id}?revision=1`)).status).toBe(
          404,
        );
        expect((await anonymous(csafUrl('white', id))).statusCode).toBe(404);
        expect((await anonymous(`${csafUrl('white', id)}.asc`)).statusCode).toBe(404);
        // The staff routes are staff's.
        for (const url of ['', `/${created.body.data.id}`, '?keyword=zebracorn'])
          expect((await staff(affected.token, 'GET', url)).status).toBe(403);
        expect((await bearer(bystanderPat, '/api/staff/advisories')).statusCode).toBe(403);
        // Nobody was told.
        const told = await t.db.select().from(notices).where(eq(notices.userId, affected.id));
        expect(told.filter((notice) => notice.titleEn.includes(id))).toEqual([]);
      });

      it('a revision under embargo stays hidden behind the visible one', async () => {
        const approved = await publish(writer.token, approverB.token, { titleEn: 'Revision one text' });
        await staff(writer.token, 'PUT', `/${approved.id}`, {
          ...input({
            titleEn: 'Secret revision two',
            publishAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
          }),
          revisionSummary: 'Secret fix details',
        });
        await staff(writer.token, 'POST', `/${approved.id}/submit`);
        expect((await staff(approverB.token, 'POST', `/${approved.id}/approve`)).status).toBe(200);
        const id = approved.advisoryId;
        expect((await anonymous(`/api/advisories/${id}?revision=2`)).statusCode).toBe(404);
        const page = JSON.parse((await anonymous(`/api/advisories/${id}?locale=en-US`)).body)
          .data as AdvisoryDetail;
        expect(page.revision).toBe(1);
        expect(page.history).toHaveLength(1);
        expect(JSON.stringify(page)).not.toContain('Secret');
        expect((await anonymous(csafUrl('white', id))).body).not.toContain('Secret');
        expect((await list(bystander.token, '?keyword=secret')).totalRows).toBe(0);
        expect((await anonymous('/api/feeds/advisories.atom')).body).not.toContain('Secret');
      });

      it('reads GREEN only signed in (and with catalog:read), AMBER only when it owns an affected server', async () => {
        const green = await publish(writer.token, approverB.token, { tlp: 'GREEN', titleEn: 'Green one' });
        const amber = await publish(writer.token, approverB.token, { tlp: 'AMBER', titleEn: 'Amber one' });
        // Anonymous: neither, anywhere.
        for (const { advisoryId } of [green, amber]) {
          expect((await anonymous(`/api/advisories/${advisoryId}`)).statusCode).toBe(404);
          expect((await anonymous('/api/advisories?keyword=one')).body).not.toContain(advisoryId);
          expect((await anonymous('/api/feeds/advisories.atom')).body).not.toContain(advisoryId);
        }
        for (const label of ['green', 'amber']) {
          expect((await anonymous(`/.well-known/csaf/${label}/index.txt`)).statusCode).toBe(401);
          expect((await anonymous(`/.well-known/csaf/${label}/changes.csv`)).statusCode).toBe(401);
        }
        // A GREEN/AMBER document is not reachable through the WHITE folder.
        expect((await anonymous(csafUrl('white', green.advisoryId))).statusCode).toBe(404);
        expect((await bearer(bystander.token, csafUrl('green', amber.advisoryId))).statusCode).toBe(404);
        // A token without catalog:read is refused, not read as anonymous.
        expect((await bearer(bystanderWrongPat, `/api/advisories/${green.advisoryId}`)).statusCode).toBe(403);
        expect((await bearer(bystanderWrongPat, csafUrl('green', green.advisoryId))).statusCode).toBe(403);
        // The other company's customer: GREEN yes, AMBER nowhere.
        for (const who of [bystander.token, bystanderPat]) {
          expect((await bearer(who, `/api/advisories/${green.advisoryId}`)).statusCode).toBe(200);
          expect((await bearer(who, `/api/advisories/${amber.advisoryId}`)).statusCode).toBe(404);
          expect((await bearer(who, `/api/advisories/${amber.advisoryId}?revision=1`)).statusCode).toBe(404);
          expect((await bearer(who, '/api/advisories?keyword=amber')).body).not.toContain(amber.advisoryId);
          expect((await bearer(who, '/api/advisories?cve=CVE-2026-10001')).body).not.toContain(
            amber.advisoryId,
          );
          expect((await bearer(who, csafUrl('amber', amber.advisoryId))).statusCode).toBe(404);
          expect((await bearer(who, `${csafUrl('amber', amber.advisoryId)}.sha256`)).statusCode).toBe(404);
          for (const file of ['index.txt', 'changes.csv', 'csaf-feed-tlp-amber.json'])
            expect((await bearer(who, `/.well-known/csaf/amber/${file}`)).body).not.toContain(
              amber.advisoryId.toLowerCase(),
            );
        }
        const feedToken = (await t.app.services.feedTokens.create(bystander.id)).token;
        const privateFeed = await anonymous(`/api/feeds/advisories.atom?token=${feedToken}`);
        expect(privateFeed.body).toContain(green.advisoryId);
        expect(privateFeed.body).not.toContain(amber.advisoryId);
        // The affected customer reads AMBER; the answers are private.
        expect((await bearer(affected.token, `/api/advisories/${amber.advisoryId}`)).statusCode).toBe(200);
        const file = await bearer(affected.token, csafUrl('amber', amber.advisoryId));
        expect(file.statusCode).toBe(200);
        expect(file.headers['cache-control']).toMatch(/^private/);
        for (const url of [
          csafUrl('green', green.advisoryId),
          '/.well-known/csaf/green/csaf-feed-tlp-green.json',
          '/.well-known/csaf/amber/csaf-feed-tlp-amber.json',
          '/.well-known/csaf/amber/index.txt',
          `/api/advisories/${amber.advisoryId}`,
          '/api/advisories',
        ])
          expect((await bearer(affected.token, url)).headers['cache-control'], url).toMatch(
            /private|no-store/,
          );
        const affectedFeed = (await t.app.services.feedTokens.create(affected.id)).token;
        const mine = await anonymous(`/api/feeds/advisories.atom?token=${affectedFeed}`);
        expect(mine.body).toContain(amber.advisoryId);
        expect(mine.headers['cache-control']).toMatch(/^private/);
      });

      it('an anonymous poller does not learn when a GREEN or AMBER advisory comes out (ETag, Last-Modified)', async () => {
        const headers = async () => {
          const answers = await Promise.all(
            [
              '/api/feeds/advisories.atom',
              '/.well-known/csaf/white/csaf-feed-tlp-white.json',
              '/.well-known/csaf/provider-metadata.json',
            ].map((url) => anonymous(url)),
          );
          return answers.map((answer) => [answer.headers.etag, answer.headers['last-modified']]);
        };
        const before = await headers();
        t.clock.advance(60_000);
        await publish(writer.token, approverB.token, { tlp: 'GREEN', titleEn: 'Quiet green' });
        await publish(writer.token, approverB.token, { tlp: 'AMBER', titleEn: 'Quiet amber' });
        expect(await headers()).toEqual(before);
      });

      it('an earlier AMBER revision is read only by those it affected', async () => {
        // Revision 1 concerns model M7 (the affected customer); revision 2 widens it to M6 (the bystander).
        const first = await publish(writer.token, approverB.token, { tlp: 'AMBER', titleEn: 'Narrow amber' });
        await staff(writer.token, 'PUT', `/${first.id}`, {
          ...input({
            tlp: 'AMBER',
            titleEn: 'Wide amber',
            affected: [...bmcBefore(modelId), ...bmcBefore(otherModelId)],
          }),
          revisionSummary: 'M6 too',
        });
        await staff(writer.token, 'POST', `/${first.id}/submit`);
        expect((await staff(approverB.token, 'POST', `/${first.id}/approve`)).status).toBe(200);
        const url = `/api/advisories/${first.advisoryId}`;
        expect((await bearer(bystander.token, url)).statusCode).toBe(200);
        expect((await bearer(bystander.token, `${url}?revision=2`)).statusCode).toBe(200);
        expect((await bearer(bystander.token, `${url}?revision=1`)).statusCode).toBe(404);
        expect((await bearer(affected.token, `${url}?revision=1`)).statusCode).toBe(200);
      });

      it('learns only its own servers: myServers, notices and webhooks name no one else', async () => {
        const approved = await publish(writer.token, approverB.token, { titleEn: 'Whose servers' });
        await t.app.services.advisoryAnnouncer.announceDue();
        const mine = (
          await callAs<AdvisoryDetail>(t.app, affected.token, 'GET', `/api/advisories/${approved.advisoryId}`)
        ).body.data;
        expect(mine.myServers.map((server) => server.sn)).toEqual([affected.sn]);
        const theirs = (
          await callAs<AdvisoryDetail>(
            t.app,
            bystander.token,
            'GET',
            `/api/advisories/${approved.advisoryId}`,
          )
        ).body.data;
        expect(theirs.myServers).toEqual([]);
        const told = await t.db.select().from(notices).where(eq(notices.userId, affected.id));
        const notice = told.find((row) => row.titleEn.includes(approved.advisoryId));
        expect(notice?.contentEn).toContain(affected.sn);
        expect(notice?.contentEn).not.toContain(neighbour.sn);
        const deliveries = (await t.db.select().from(webhookDeliveries)).filter(
          (row) => (row.payload as { advisoryId?: string }).advisoryId === approved.advisoryId,
        );
        expect(deliveries).toHaveLength(2);
        for (const delivery of deliveries) {
          const servers = (delivery.payload as { servers: string[] }).servers;
          expect(servers).toHaveLength(1);
        }
        expect(
          (await t.db.select().from(notices).where(eq(notices.userId, bystander.id))).filter((row) =>
            row.titleEn.includes(approved.advisoryId),
          ),
        ).toEqual([]);
      });
    });

    describe('a page on another site', () => {
      it('gets no CORS grant, and no state change works without the Bearer header', async () => {
        const origin = { origin: 'https://evil.example' };
        const preflight = await t.app.inject({
          method: 'OPTIONS',
          url: '/api/staff/advisories',
          headers: { ...origin, 'access-control-request-method': 'POST' },
        });
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
        for (const url of [
          '/api/advisories',
          '/.well-known/csaf/green/index.txt',
          '/api/feeds/advisories.atom',
        ])
          expect(
            (await bearer(affected.token, url, origin)).headers['access-control-allow-origin'],
          ).toBeUndefined();
        // A browser sends cookies, never the console's Bearer token: every change answers 401.
        const created = await staff(writer.token, 'POST', '', input());
        for (const [method, url] of [
          ['POST', '/api/staff/advisories'],
          ['PUT', `/api/staff/advisories/${created.body.data.id}`],
          ['POST', `/api/staff/advisories/${created.body.data.id}/submit`],
          ['POST', `/api/staff/advisories/${created.body.data.id}/approve`],
          ['POST', `/api/staff/advisories/${created.body.data.id}/reject`],
        ] as const) {
          const answer = await t.app.inject({
            method,
            url,
            payload: input(),
            headers: { ...origin, cookie: `token=${admin}; refreshToken=${admin}` },
          });
          expect(answer.statusCode, url).toBe(401);
        }
        expect((await staff(writer.token, 'GET', `/${created.body.data.id}`)).body.data.status).toBe('draft');
      });
    });

    describe('bad input', () => {
      it('answers 4xx with the error envelope, never 500', async () => {
        const long = 'A'.repeat(5000);
        const anonymousUrls = [
          '/api/advisories/PFW-2026-0001?revision=abc',
          '/api/advisories/PFW-2026-0001?revision=0',
          '/api/advisories/PFW-2026-0001?revision=99999999999',
          '/api/advisories/PFW-2026-0001?revision=1.5',
          `/api/advisories/${'X'.repeat(41)}`,
          `/api/advisories/${long}`,
          '/api/advisories/%F0%9F%92%A5%E2%80%AE',
          '/api/advisories/..%2f..%2fstaff%2fadvisories',
          '/api/advisories/%00',
          '/api/advisories/%ff%fe',
          '/api/advisories?from=2026-13-45',
          '/api/advisories?from=2026-02-30',
          '/api/advisories?to=yesterday',
          '/api/advisories?severity=critical',
          '/api/advisories?modelId=99999999999',
          '/api/advisories?fixedVersionId=99999999999',
          '/api/advisories?fixedVersionId=-1',
          '/api/advisories?mine=2',
          '/api/advisories?pageSize=100000',
          '/api/advisories?keyword=%00',
          `/api/advisories?keyword=${long}`,
          `/api/advisories?cve=${'C'.repeat(40)}`,
          '/api/feeds/advisories.atom?token=fwf_nope',
          `/api/feeds/advisories.atom?token=${'t'.repeat(200)}`,
          `/api/feeds/advisories.atom?locale=${'x'.repeat(40)}`,
          '/.well-known/csaf/WHITE/index.txt',
          '/.well-known/csaf/red/index.txt',
          '/.well-known/csaf/white/nothing.txt',
          '/.well-known/csaf/white/0000/pfw-2026-0001.json',
          '/.well-known/csaf/white/2026/..%2f..%2fprovider-metadata.json',
          '/.well-known/csaf/white/2026/..%2f..%2f..%2fetc%2fpasswd',
          '/.well-known/csaf/white/2026/%2e%2e',
          '/.well-known/csaf/white/2026/.json',
          '/.well-known/csaf/white/2026/pfw-2026-0001.json.exe',
          `/.well-known/csaf/white/2026/${'a'.repeat(200)}.json`,
          '/.well-known/csaf/white/20261/pfw-2026-0001.json',
          '/.well-known/csaf/openpgp/..%2f..%2fsecurity.txt',
          '/.well-known/csaf/openpgp/%00',
        ];
        const wrong: string[] = [];
        const check = (what: string, answer: { statusCode: number; body: string }) => {
          const code = (() => {
            try {
              return (JSON.parse(answer.body) as { code?: unknown }).code;
            } catch {
              return undefined;
            }
          })();
          if (answer.statusCode < 400 || answer.statusCode >= 500 || typeof code !== 'number')
            wrong.push(`${what}: ${answer.statusCode} ${answer.body.slice(0, 80)}`);
        };
        for (const url of anonymousUrls) check(url, await anonymous(url));
        const staffCalls: [string, string, object?][] = [
          ['GET', '/api/staff/advisories/abc'],
          ['GET', '/api/staff/advisories/99999999999'],
          ['GET', '/api/staff/advisories/0'],
          ['GET', '/api/staff/advisories?status=published'],
          ['GET', '/api/staff/advisories?keyword=%00'],
          ['GET', '/api/staff/advisories/cvss?vector=garbage'],
          ['GET', '/api/staff/advisories/cvss?vector=CVSS:4.0/AV:X'],
          ['GET', `/api/staff/advisories/cvss?vector=CVSS:3.1/${'AV:N/'.repeat(100)}`],
          ['POST', '/api/staff/advisories/99999999999/approve'],
          ['POST', '/api/staff/advisories/424242/submit'],
          ['POST', '/api/staff/advisories', { ...input(), tlp: 'RED' }],
          ['POST', '/api/staff/advisories', { ...input(), tlp: 'white' }],
          ['POST', '/api/staff/advisories', { ...input(), titleEn: 'x'.repeat(201) }],
          ['POST', '/api/staff/advisories', { ...input(), titleEn: 'bad\u0000nul' }],
          ['POST', '/api/staff/advisories', { ...input(), publishAt: 'tomorrow' }],
          ['POST', '/api/staff/advisories', { ...input(), fixedVersionIds: [99999999999] }],
          [
            'POST',
            '/api/staff/advisories',
            {
              ...input(),
              affected: [{ modelId: 99999999999, pn: null, kind: 'BMC', affectedFrom: null, fixedIn: '1' }],
            },
          ],
          [
            'POST',
            '/api/staff/advisories',
            {
              ...input(),
              affected: [
                { modelId: null, pn: 'NO-SUCH-PART', kind: 'BMC', affectedFrom: null, fixedIn: '1' },
              ],
            },
          ],
          [
            'POST',
            '/api/staff/advisories',
            { ...input(), vulnerabilities: Array(51).fill(input().vulnerabilities[0]) },
          ],
          ['POST', '/api/staff/advisories', { ...input(), vulnerabilities: [] }],
          [
            'POST',
            '/api/staff/advisories',
            { ...input(), references: [{ url: 'javascript:alert(1)', summaryZh: '', summaryEn: '' }] },
          ],
          ['POST', '/api/staff/advisories', { ...input(), summaryEn: 'x'.repeat(4001) }],
          ['POST', '/api/staff/advisories', { nonsense: true }],
          ['POST', '/api/staff/advisories/1/reject', { comment: '' }],
          ['PUT', '/api/staff/advisories/1', { ...input(), revisionSummary: 'y'.repeat(501) }],
        ];
        for (const [method, url, body] of staffCalls) {
          const answer = await t.app.inject({
            method: method as 'GET',
            url,
            payload: body,
            headers: { authorization: `Bearer ${admin}` },
          });
          check(`${method} ${url}`, answer);
        }
        expect(wrong).toEqual([]);
        // An unknown sort field falls back to the default order; it never reaches the SQL.
        expect((await anonymous('/api/advisories?sortField=pk;drop')).statusCode).toBe(200);
        const notJson = await t.app.inject({
          method: 'POST',
          url: '/api/staff/advisories',
          payload: '{"tlp":',
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        });
        expect(notJson.statusCode).toBe(400);
      });
    });
  });
