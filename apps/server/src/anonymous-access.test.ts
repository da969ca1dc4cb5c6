import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

const DOCS = 'the OpenAPI document and its viewer (plugins/swagger.ts): the API is described to anyone';
const SIGNED_FILE =
  'downloads (download-auth.ts): public items for anyone, others with a session, a token or a ticket, else 404 as unknown';

/**
 * The routes an anonymous caller may reach, each with the reason it is open: reviewed, not
 * discovered. The HEAD of a listed GET is open too (Fastify answers HEAD with the GET's handler).
 */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/docs': DOCS,
  'HEAD /api/docs/': DOCS,
  'GET /api/docs/json': DOCS,
  'GET /api/docs/yaml': DOCS,
  'GET /api/docs/static/index.html': DOCS,
  'GET /api/docs/static/swagger-initializer.js': DOCS,
  'GET /api/docs/static/*': DOCS,
  'GET /api/health': 'liveness for load balancers and systemd; tells no data',
  'GET /api/ready': 'readiness for load balancers; tells only whether the database and store answer',
  'GET /api/config': 'what the sign-in page needs before anyone signs in (captcha on, portal name)',
  'GET /api/captcha.jpg': 'the captcha shown on the sign-in form',
  'POST /api/login': 'signing in is how a session starts',
  'POST /api/device/code':
    'a command-line client asks for a device sign-in code (RFC 8628); it yields nothing until a signed-in person approves it',
  'POST /api/device/token':
    'a command-line client polls with its device code (RFC 8628); a token only after a signed-in person approved it',
  'GET /api/auth/industries': 'the registration form offers them before an account exists',
  'GET /api/auth/emailCode': 'registration mails its code before an account exists',
  'GET /api/getSmsCaptcha': 'registration texts its code before an account exists',
  'GET /api/v1/auth/register/sn': 'registration checks the serial number before an account exists',
  'POST /api/auth/register': 'registration creates the account',
  'POST /api/auth/recover': 'a user who forgot the password has no session',
  'GET /api/auth/recover/check': 'the password link, checked without a session',
  'POST /api/auth/recover/reset': 'the password link sets the password without a session',
  'GET /api/public/catalog/versions': 'the overseas pages list public versions to anyone',
  'GET /api/downloads/:versionId': SIGNED_FILE,
  'GET /api/downloads/:versionId/SHA256SUMS': SIGNED_FILE,
  'GET /api/downloads/:versionId/sbom': `${SIGNED_FILE}; its SBOM under the very same check (issue 43)`,
  'GET /api/catalog/versions/:versionId/sbom':
    "the version drawer's view of the SBOM that /api/downloads/:versionId/sbom serves, to the same readers (the same check)",
  'GET /api/downloads/:versionId/SHA256SUMS.sig': SIGNED_FILE,
  'GET /api/downloads/:versionId/release.sig': `${SIGNED_FILE}; the signature it was published with (a fwportal build's release .sig), under the very same check`,
  'GET /api/downloads/:versionId/manifest.json': SIGNED_FILE,
  'GET /api/downloads/:versionId/manifest.json.sig': SIGNED_FILE,
  'GET /api/downloads/manifest.json': SIGNED_FILE,
  'GET /api/downloads/manifest.json.sig': SIGNED_FILE,
  'GET /api/catalog/signing-key.pem': 'the public key that verifies manifests, for offline checks',
  'GET /api/activation/public-key.pem': 'the public key that verifies activation codes offline',
  'GET /api/feeds/releases.atom': 'feed readers send no session: public items, or a private feed token',
  'GET /api/editor-images/:id': 'images of release notes, which public pages show too',
  'GET /api/advisories': 'security advisories: TLP:WHITE to anyone, the others to accounts they concern',
  'GET /api/advisories/:advisoryId': 'one advisory under the same rule (issue 33)',
  'GET /api/feeds/advisories.atom': 'feed readers send no session: TLP:WHITE, or a private feed token',
  'GET /.well-known/security.txt': 'RFC 9116: where to report a vulnerability, and the CSAF line',
  'GET /api/psirt/encryption-key':
    'reporters encrypt a vulnerability report to it before any account (issue 43)',
  'GET /.well-known/psirt-openpgp.asc':
    "the PSIRT's public key, security.txt's Encryption line (issue 43 §4)",
  'POST /api/psirt/reports':
    'coordinated disclosure: anyone may report a vulnerability (captcha, rate limit)',
  'GET /.well-known/csaf/provider-metadata.json': 'CSAF 2.0 requirement 7: public by the standard',
  'GET /.well-known/csaf/service.json': 'the ROLIE service document (requirement 16)',
  'GET /.well-known/csaf/openpgp/:file': 'the public key that verifies the CSAF signatures (requirement 20)',
  'GET /.well-known/csaf/:label/:file':
    'ROLIE feeds, index.txt, changes.csv: TLP:WHITE public, others need an account',
  'GET /.well-known/csaf/:label/:year/:file': 'CSAF documents, hashes, signatures: the same rule',
};

/** A concrete address for a route pattern: the session hook runs before any parameter is read. */
const concrete = (pattern: string) => pattern.replace(/:\w+/g, '1').replace(/\*/g, 'x');

/**
 * Every route the app registers (app.routeList, so a route no list names is still found) answers
 * an anonymous request 401 with the error envelope, unless PUBLIC_ROUTES names it: a route added
 * outside its module's requireSession scope answers 200, 400 or 500 instead and fails here.
 * The web app's files are served too (a build in a temporary folder), open to anyone.
 */
describe('anonymous callers', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  const webFiles = ['/index.html', '/assets/app-abc123.js'];

  beforeAll(async () => {
    for (const file of webFiles) {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), '<!doctype html>');
    }
    // With a scrape token configured the metrics endpoint is a protected route like the others.
    t = await createTestApp('pglite', {
      config: { WEB_DIST_DIR: dist, METRICS_TOKEN: 'metrics-token-of-24-chars-or-more' },
    });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const isPublic = (method: string, url: string) =>
    PUBLIC_ROUTES[`${method} ${url}`] !== undefined ||
    (method === 'HEAD' && PUBLIC_ROUTES[`GET ${url}`] !== undefined) ||
    webFiles.includes(url);
  const anonymous = (method: string, url: string) =>
    t.app.inject({ method: method as HTTPMethods, url: `${concrete(url)}?locale=en-US` });

  it('are refused by every route not on the reviewed public list, with 401 and the envelope', async () => {
    const guarded = t.app.routeList.filter((route) => !isPublic(route.method, route.url));
    expect(guarded.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const { method, url } of guarded) {
      const answer = await anonymous(method, url);
      // A HEAD answer has no body to hold the envelope.
      const body = method === 'HEAD' ? null : answer.json();
      const enveloped =
        body === null ||
        (body.success === false &&
          typeof body.code === 'number' &&
          String(body.code).startsWith('1011') &&
          typeof body.message === 'string' &&
          body.message.length > 0);
      if (answer.statusCode !== 401 || !enveloped)
        wrong.push(`${method} ${url}: ${answer.statusCode} ${answer.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reach the public routes without a server error, and the list names only routes that exist', async () => {
    const registered = new Set(t.app.routeList.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(PUBLIC_ROUTES).filter((route) => !registered.has(route))).toEqual([]);
    for (const route of Object.keys(PUBLIC_ROUTES)) {
      const [method = '', url = ''] = route.split(' ');
      const answer = await anonymous(method, url);
      expect(answer.statusCode, route).toBeLessThan(500);
    }
    for (const file of webFiles) expect(registered.has(`GET ${file}`), file).toBe(true);
  });
});
