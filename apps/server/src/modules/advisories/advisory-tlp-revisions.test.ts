import type { AdvisoryDetail, AdvisoryInput, StaffAdvisoryDetail } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryRoles, customerRunning, signedInWith } from '../../test/advisory-fixtures';
import { bmcBefore, flawAdvisoryInput } from '../../test/advisory-input';
import { referenceModel } from '../../test/catalog-factories';
import { callAs } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;

/**
 * Issue 40 §3: an advisory revised from TLP:WHITE to TLP:AMBER. Revision 1 stays readable as it
 * was, but nobody who may not read revision 2 learns of it: not its summary or date in `history`,
 * nor its time in provider-metadata, the WHITE feed, index.txt, changes.csv or the Atom feed.
 */
describe.each(DRIVERS)('a revision from WHITE to AMBER on %s', (driver) => {
  let t: TestApp;
  let writer: string;
  let approver: string;
  let affected: { id: number; token: string };
  let bystander: { id: number; token: string };
  let modelId: number;
  let advisoryId: string;
  let white: Date;
  let amber: Date;

  const input = (extra: Partial<AdvisoryInput> = {}): AdvisoryInput =>
    flawAdvisoryInput(
      { title: ['等级变更', 'Reclassified'], cve: 'CVE-2026-40040', affected: bmcBefore(modelId) },
      extra,
    );
  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, token = writer, body?: object) =>
    callAs<StaffAdvisoryDetail>(t.app, token, method, `/api/staff/advisories${url}`, body);
  const get = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  /** Every form a time takes in these answers: ISO (with and without milliseconds) and the HTTP date. */
  const forms = (time: Date) => [
    time.toISOString(),
    time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    time.toUTCString(),
  ];

  beforeAll(async () => {
    t = await createTestApp(driver);
    const roles = await advisoryRoles(t, 'tlp');
    writer = (await signedInWith(t, roles.writer)).token;
    approver = (await signedInWith(t, roles.approver)).token;
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    affected = await customerRunning(t, modelId);
    bystander = await customerRunning(t, (await referenceModel(t.db, 'M6-1U')).id);

    const created = await staff('POST', '', writer, input());
    const id = created.body.data.id;
    await staff('POST', `/${id}/submit`);
    expect((await staff('POST', `/${id}/approve`, approver)).status).toBe(200);
    white = t.clock.now();
    t.clock.advance(HOUR);
    await staff('PUT', `/${id}`, writer, {
      ...input({ tlp: 'AMBER' }),
      revisionSummary: 'Zebracorn amber details',
    });
    await staff('POST', `/${id}/submit`);
    const approved = await staff('POST', `/${id}/approve`, approver);
    expect(approved.status).toBe(200);
    amber = t.clock.now();
    advisoryId = approved.body.data.advisoryId!;
    t.clock.advance(HOUR);
  });
  afterAll(() => t?.close());

  const detail = async (token: string | undefined, query: string) => {
    const answer = await get(`/api/advisories/${advisoryId}${query}`, token);
    return { status: answer.statusCode, body: answer.body, data: answer.json().data as AdvisoryDetail };
  };

  it('revision 1 shows only revision 1 in its history to those who may not read the AMBER one', async () => {
    for (const token of [undefined, bystander.token]) {
      expect((await detail(token, '')).status).toBe(404);
      const first = await detail(token, '?revision=1&locale=en-US');
      expect(first.status).toBe(200);
      expect(first.data.revision).toBe(1);
      expect(first.data.history.map((entry) => entry.number)).toEqual([1]);
      expect(first.body).not.toContain('Zebracorn');
      for (const form of forms(amber)) expect(first.body).not.toContain(form);
    }
    // The customer it affects, and staff, read both.
    const mine = await detail(affected.token, '?revision=1&locale=en-US');
    expect(mine.data.history.map((entry) => entry.number)).toEqual([1, 2]);
    expect(mine.data.history[1]?.summary).toBe('Zebracorn amber details');
    expect((await detail(affected.token, '')).data.revision).toBe(2);
  });

  it('no public time is the AMBER revision time: provider metadata, WHITE feed, index.txt, changes.csv', async () => {
    const metadata = await get('/.well-known/csaf/provider-metadata.json');
    expect(JSON.parse(metadata.body).last_updated).toBe(white.toISOString());
    expect(metadata.headers['last-modified']).toBe(white.toUTCString());
    const feed = await get('/.well-known/csaf/white/csaf-feed-tlp-white.json');
    expect(JSON.parse(feed.body).feed.updated).toBe(white.toISOString());
    expect(feed.headers['last-modified']).toBe(white.toUTCString());
    for (const file of ['index.txt', 'changes.csv']) {
      const listing = await get(`/.well-known/csaf/white/${file}`);
      expect(listing.headers['last-modified'], file).toBe(white.toUTCString());
    }
    const atom = await get('/api/feeds/advisories.atom');
    expect(atom.headers['last-modified']).toBe(white.toUTCString());
    for (const answer of [metadata, feed, atom])
      for (const form of forms(amber)) expect(answer.body).not.toContain(form);
  });

  it('a customer without AMBER access sees no AMBER time in the AMBER folder nor in its feeds', async () => {
    for (const file of ['index.txt', 'changes.csv', 'csaf-feed-tlp-amber.json']) {
      const answer = await get(`/.well-known/csaf/amber/${file}`, bystander.token);
      expect(answer.statusCode, file).toBe(200);
      expect(answer.headers['last-modified'], file).not.toBe(amber.toUTCString());
      for (const form of forms(amber)) expect(answer.body, file).not.toContain(form);
    }
    const feedToken = (await t.app.services.feedTokens.create(bystander.id)).token;
    const atom = await get(`/api/feeds/advisories.atom?token=${feedToken}`);
    expect(atom.headers['last-modified']).toBe(white.toUTCString());
    for (const form of forms(amber)) expect(atom.body).not.toContain(form);
    // The customer it affects does see the AMBER revision's time.
    const theirs = await get('/.well-known/csaf/amber/index.txt', affected.token);
    expect(theirs.headers['last-modified']).toBe(amber.toUTCString());
  });
});
