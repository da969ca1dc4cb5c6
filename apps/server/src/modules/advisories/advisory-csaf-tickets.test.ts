import { type AdvisoryDetail, type AdvisoryInput, ErrorCode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryRoles, approvedAdvisory, customerRunning, signedInWith } from '../../test/advisory-fixtures';
import { bmcBefore, flawAdvisoryInput } from '../../test/advisory-input';
import { referenceModel } from '../../test/catalog-factories';
import { withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

type Ticket = { url: string; ticket: string; expiresAt: string };

/**
 * Issue 42 §2: a TLP:GREEN or AMBER advisory's CSAF links, opened by the browser of a signed-in
 * reader (no Authorization header), work through a ticket bound to that reader, their session and
 * that document, for minutes. Anonymous readers keep TLP:WHITE without a ticket, scripts the header.
 */
describe.each(DRIVERS)('CSAF document tickets on %s', (driver) => {
  let t: TestApp;
  let writer: string;
  let approver: string;
  let affected: string;
  let bystander: string;
  let modelId: number;
  /** Advisory ids by label, and a second GREEN one. */
  const ids: Record<'WHITE' | 'GREEN' | 'GREEN2' | 'AMBER', string> = {
    WHITE: '',
    GREEN: '',
    GREEN2: '',
    AMBER: '',
  };

  const input = (tlp: AdvisoryInput['tlp'], title: string): AdvisoryInput =>
    flawAdvisoryInput(
      { title: [title, title], cve: 'CVE-2026-42042', affected: bmcBefore(modelId) },
      { tlp },
    );
  const get = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const ticketFor = (token: string, advisoryId: string) =>
    withToken<Ticket>(t.app, token, {
      method: 'POST',
      url: `/api/advisories/${advisoryId}/csaf/ticket?locale=en-US`,
    });
  const csafOf = async (advisoryId: string) =>
    ((await get(`/api/advisories/${advisoryId}?locale=en-US`, writer)).json().data as AdvisoryDetail).csaf;
  const expectRefused = (answer: { statusCode: number; json: () => { code: number } }, label: string) => {
    expect(answer.statusCode, label).toBe(401);
    expect(answer.json().code, label).toBe(ErrorCode.DOWNLOAD_TICKET_INVALID);
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    const roles = await advisoryRoles(t, 'ticket');
    writer = (await signedInWith(t, roles.writer)).token;
    approver = (await signedInWith(t, roles.approver)).token;
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    affected = (await customerRunning(t, modelId)).token;
    bystander = (await customerRunning(t, (await referenceModel(t.db, 'M6-1U')).id)).token;
    for (const [key, tlp] of [
      ['WHITE', 'WHITE'],
      ['GREEN', 'GREEN'],
      ['GREEN2', 'GREEN'],
      ['AMBER', 'AMBER'],
    ] as const) {
      ids[key] = (await approvedAdvisory(t, writer, approver, input(tlp, `Ticket ${key}`))).advisoryId!;
    }
  });
  afterAll(() => t?.close());

  it('opens the JSON, its signature and hashes of a GREEN document in a browser without a header', async () => {
    const csaf = await csafOf(ids.GREEN);
    // What the browser got before: a 401 for the signed-in reader's plain link.
    expect((await get(csaf.json)).json().code).toBe(ErrorCode.TOKEN_EMPTY);
    const answer = await ticketFor(bystander, ids.GREEN);
    expect(answer.status).toBe(200);
    const { url, ticket, expiresAt } = answer.body.data;
    expect(url).toBe(`${csaf.json}?ticket=${ticket}`);
    expect(url).not.toContain(bystander);
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(300_000);
    const json = await get(url);
    expect(json.statusCode).toBe(200);
    expect(json.json().document.tracking.id).toBe(ids.GREEN);
    expect(json.headers['cache-control']).toContain('private');
    for (const [suffix, pattern] of [
      ['.asc', /BEGIN PGP SIGNATURE/],
      ['.sha256', /^[0-9a-f]{64} {2}\S+\.json\n$/],
      ['.sha512', /^[0-9a-f]{128} {2}\S+\.json\n$/],
    ] as const) {
      const file = await get(`${csaf.json}${suffix}?ticket=${ticket}`);
      expect(file.statusCode, suffix).toBe(200);
      expect(file.body, suffix).toMatch(pattern);
    }
    // Only the hash of the ticket is stored.
    expect(JSON.stringify(await t.db.query.downloadTickets.findMany())).not.toContain(ticket);
  });

  it('keeps anonymous TLP:WHITE and the bearer header working without a ticket', async () => {
    const white = await csafOf(ids.WHITE);
    expect((await get(white.json)).statusCode).toBe(200);
    expect((await get(white.sha256)).statusCode).toBe(200);
    const green = await csafOf(ids.GREEN);
    expect((await get(green.json, bystander)).statusCode).toBe(200);
    expect((await get(green.asc, bystander)).statusCode).toBe(200);
  });

  it('opens an AMBER document only for a reader it affects: no ticket for anyone else', async () => {
    const amber = await csafOf(ids.AMBER);
    const refused = await ticketFor(bystander, ids.AMBER);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(ErrorCode.ADVISORY_NOT_FOUND);
    const own = (await ticketFor(affected, ids.AMBER)).body.data;
    expect((await get(own.url)).statusCode).toBe(200);
    // Signed in as someone else, the ticket lends them nothing: their own header decides.
    const borrowed = await get(own.url, bystander);
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.body).not.toContain('Ticket AMBER');
    // A GREEN ticket of the bystander does not open the AMBER path either.
    const greenTicket = (await ticketFor(bystander, ids.GREEN)).body.data.ticket;
    expectRefused(await get(`${amber.json}?ticket=${greenTicket}`), 'green ticket on amber');
    // Without a session there is no ticket at all.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/advisories/${ids.GREEN}/csaf/ticket` })).statusCode,
    ).toBe(401);
  });

  it('is bound to its document: another advisory, label, year or file name is refused', async () => {
    const green = await csafOf(ids.GREEN);
    const other = await csafOf(ids.GREEN2);
    const amber = await csafOf(ids.AMBER);
    const { ticket } = (await ticketFor(affected, ids.GREEN)).body.data;
    const year = /\/(\d{4})\//.exec(green.json)![1]!;
    for (const url of [
      other.json,
      other.sha256,
      amber.json,
      amber.asc,
      green.json.replace('/green/', '/amber/'),
      green.json.replace(`/${year}/`, `/${Number(year) - 1}/`),
    ])
      expectRefused(await get(`${url}?ticket=${ticket}&locale=en-US`), url);
    for (const bad of ['a'.repeat(43), 'short']) expectRefused(await get(`${green.json}?ticket=${bad}`), bad);
    // A session token in the URL is refused outright.
    const inUrl = await get(`${green.json}?token=${affected}&locale=en-US`);
    expect(inUrl.statusCode).toBe(400);
    expect(inUrl.json().code).toBe(ErrorCode.TOKEN_IN_URL);
  });

  it('expires after its lifetime and dies with its session', async () => {
    const expiring = (await ticketFor(affected, ids.GREEN)).body.data.url;
    t.clock.advance(299_000);
    expect((await get(expiring)).statusCode).toBe(200);
    t.clock.advance(2_000);
    expectRefused(await get(expiring), 'expired');

    const { token } = await signedInWith(t, 'customer');
    const signedOut = (await ticketFor(token, ids.GREEN)).body.data.url;
    expect((await get(signedOut)).statusCode).toBe(200);
    expect((await withToken(t.app, token, { url: '/api/logout' })).status).toBe(200);
    expectRefused(await get(signedOut), 'signed out');
  });
});
