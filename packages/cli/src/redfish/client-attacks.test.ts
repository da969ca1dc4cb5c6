import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Context, printJson } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { translator } from '../i18n.ts';
import { formatTable } from '../table.ts';
import { cliEnv, newConfigHome, runCli } from '../test/run-cli.ts';
import { inventoryServerSchema } from '@portal/contract';
import type { BmcConnection } from './bmc-connection.ts';
import { MAX_MEMBERS, RedfishClient } from './client.ts';
import { RedfishError } from './redfish-error.ts';
import { readInventory, reportComponentsOf, softwareIdMapOf } from './inventory.ts';
import { KnownHosts } from './known-hosts.ts';

/**
 * `fwportal audit` against a hostile BMC (SECURITY.md): a plain-HTTP service on loopback whose
 * answers each test scripts, and a second server "elsewhere" that must never be sent a request
 * (credentials and session tokens go to the BMC the user named, nowhere else).
 */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
type Fake = { url: string; requests: string[]; handler: Handler | null; close: () => Promise<void> };

async function startFake(): Promise<Fake> {
  const fake: Fake = { url: '', requests: [], handler: null, close: async () => undefined };
  const server = http.createServer((request, response) => {
    fake.requests.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      if (fake.handler) fake.handler(request, response);
      else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};

let bmc: Fake;
let elsewhere: Fake;
/** The service root (Basic auth: no SessionService), and `routes` for everything else. */
let routes: Record<string, Handler>;

beforeAll(async () => {
  [bmc, elsewhere] = await Promise.all([startFake(), startFake()]);
  elsewhere.handler = (_request, response) => json(response, 200, { Members: [] });
});
afterAll(async () => {
  await Promise.all([bmc.close(), elsewhere.close()]);
});
beforeEach(() => {
  bmc.requests.length = 0;
  elsewhere.requests.length = 0;
  routes = {
    '/redfish/v1/': (_request, response) =>
      json(response, 200, { '@odata.id': '/redfish/v1', Systems: { '@odata.id': '/redfish/v1/Systems' } }),
    '/redfish/v1/Systems': (_request, response) => json(response, 200, { Members: [] }),
  };
  bmc.handler = (request, response) => {
    const route = routes[request.url!];
    if (route) route(request, response);
    else json(response, 404, {});
  };
});

const connection = (extra: Partial<BmcConnection> = {}): BmcConnection => ({
  address: bmc.url,
  user: 'admin',
  password: 'secret',
  trust: { mode: 'insecure' },
  timeoutMs: 5000,
  resetWaitMs: 0,
  ...extra,
});
async function opened(extra: Partial<BmcConnection> = {}): Promise<RedfishClient> {
  const client = new RedfishClient(connection(extra));
  await client.open();
  return client;
}
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof RedfishError ? error.failure : String(error)),
  );

describe('a hostile BMC against the Redfish client', () => {
  it('follows no redirect: 3xx to another host, to http or to file: is an error, and elsewhere hears nothing', async () => {
    const client = await opened();
    for (const target of [
      `${elsewhere.url}/redfish/v1/Systems`,
      'file:///etc/passwd',
      'http://127.0.0.1:1/',
    ]) {
      routes['/redfish/v1/Chassis'] = (_request, response) => json(response, 302, {}, { location: target });
      expect(await failureOf(client.get('/redfish/v1/Chassis'))).toMatch(/^(answer|http)$/);
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('never downgrades: an http:// link on the https BMC itself is another origin, refused before connecting', async () => {
    const client = new RedfishClient(
      connection({ address: 'https://127.0.0.1:9', trust: { mode: 'insecure' } }),
    );
    for (const link of [
      'http://127.0.0.1:9/redfish/v1/Systems',
      'http://127.0.0.1:443/redfish/v1',
      '//127.0.0.1:9/x',
    ])
      expect(await failureOf(client.get(link)), link).toBe(
        link.startsWith('//') ? 'network' : 'answer', // `//host:port` is the BMC itself (https), port 9 refuses
      );
  });

  it('sends no request (and no password) to an @odata.id of another host', async () => {
    routes['/redfish/v1/Systems'] = (_request, response) =>
      json(response, 200, {
        Members: [
          { '@odata.id': `${elsewhere.url}/redfish/v1/Systems/1` },
          { '@odata.id': `//127.0.0.1:${new URL(elsewhere.url).port}/x` },
          { '@odata.id': 'file:///etc/passwd' },
        ],
      });
    const client = await opened();
    const members = await client.members('/redfish/v1/Systems');
    expect(members.every((member) => member.error?.failure === 'answer')).toBe(true);
    await expect(client.get(`${elsewhere.url}/redfish/v1`)).rejects.toMatchObject({ failure: 'answer' });
    expect(elsewhere.requests).toEqual([]);
  });

  it('sends the session token nowhere else: a session Location of another host is not used, the session is logged out on the BMC itself', async () => {
    routes['/redfish/v1/'] = (_request, response) =>
      json(response, 200, {
        Systems: { '@odata.id': '/redfish/v1/Systems' },
        Links: { Sessions: { '@odata.id': '/redfish/v1/SessionService/Sessions' } },
      });
    let own = true;
    routes['/redfish/v1/SessionService/Sessions'] = (_request, response) =>
      json(
        response,
        201,
        { '@odata.id': own ? '/redfish/v1/SessionService/Sessions/1' : `${elsewhere.url}/s/1` },
        { 'x-auth-token': 'tok', location: `${elsewhere.url}/redfish/v1/SessionService/Sessions/1` },
      );
    routes['/redfish/v1/SessionService/Sessions/1'] = (_request, response) => json(response, 204, '');
    for (const ownId of [true, false]) {
      own = ownId;
      bmc.requests.length = 0;
      const client = await opened();
      expect(client.authKind).toBe('session');
      await client.close();
      // Logged out where the BMC's own @odata.id says; with none of its own, nothing is sent anywhere.
      expect(bmc.requests.filter((line) => line.startsWith('DELETE'))).toEqual(
        ownId ? ['DELETE /redfish/v1/SessionService/Sessions/1'] : [],
      );
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('stops reading an endless answer at the size cap, and a deeply nested one parses to nothing harmful', async () => {
    routes['/redfish/v1/Endless'] = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      response.write('{"a":"');
      more();
    };
    routes['/redfish/v1/Deep'] = (_request, response) =>
      json(response, 200, `${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}`);
    const client = await opened();
    const started = Date.now();
    expect(await failureOf(client.get('/redfish/v1/Endless'))).toBe('answer');
    expect(Date.now() - started).toBeLessThan(4000);
    const deep = await client.get('/redfish/v1/Deep');
    expect(deep.status).toBe(200);
  });

  it('refuses a collection of thousands of Members before reading them one by one', async () => {
    const members = Array.from({ length: 5000 }, (_, i) => ({ '@odata.id': `/redfish/v1/Systems/${i}` }));
    routes['/redfish/v1/Systems'] = (_request, response) => json(response, 200, { Members: members });
    const client = await opened();
    bmc.requests.length = 0;
    expect(await failureOf(client.members('/redfish/v1/Systems'))).toBe('answer');
    expect(bmc.requests.length).toBeLessThanOrEqual(1);
    expect(MAX_MEMBERS).toBeLessThan(5000);
  });

  it('gives up on a BMC that answers every member slowly at its deadline, not after members x timeout', async () => {
    const members = Array.from({ length: 40 }, (_, i) => ({ '@odata.id': `/redfish/v1/Systems/${i}` }));
    routes['/redfish/v1/Systems'] = (_request, response) => json(response, 200, { Members: members });
    for (let i = 0; i < 40; i += 1)
      routes[`/redfish/v1/Systems/${i}`] = (_request, response) => {
        // Just inside the per-request timeout, every time: 40 / 4 x 0.6 s = 6 s without a deadline.
        setTimeout(() => json(response, 200, { Id: String(i) }), 600);
      };
    const client = await opened({ timeoutMs: 1000, deadlineMs: 1500 });
    const started = Date.now();
    expect(await failureOf(client.members('/redfish/v1/Systems'))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("stops a BMC whose answers together exceed the session's budget (many members of 1 MiB each)", async () => {
    const members = Array.from({ length: 200 }, (_, i) => ({ '@odata.id': `/redfish/v1/Systems/${i}` }));
    const big = JSON.stringify({ SerialNumber: 'X', Filler: 'y'.repeat(1024 * 1024) });
    bmc.handler = (request, response) => {
      if (
        request.url === '/redfish/v1/' ||
        (request.url === '/redfish/v1/Systems' && request.method === 'GET')
      ) {
        if (request.url === '/redfish/v1/Systems') return json(response, 200, { Members: members });
        return routes['/redfish/v1/']!(request, response);
      }
      return json(response, 200, big);
    };
    const client = await opened({ answerBudgetBytes: 8 * 1024 * 1024 });
    bmc.requests.length = 0;
    expect(await failureOf(client.members('/redfish/v1/Systems'))).toBe('answer');
    // The cap stops it: not 200 reads of 1 MiB.
    expect(bmc.requests.length).toBeLessThan(20);
  });
});

/** Control characters, bidi controls and zero-width characters: never in an SN, version, part number or slot. */
// eslint-disable-next-line no-control-regex -- what must not be reported
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/** The same, but the newlines of pretty-printed JSON, and the line separators JSON leaves raw. */
const UNPRINTABLE_EXCEPT_NEWLINE =
  // eslint-disable-next-line no-control-regex -- what must not reach the terminal
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\u2028\u2029\ufeff]/;

describe("one BMC's answers in the fleet's report", () => {
  /** A BMC whose SN and FirmwareInventory are `sn` and `entries` (PCIe devices at /Cards/<n>). */
  function serve(sn: string, entries: unknown[], cards: Record<string, unknown> = {}) {
    routes['/redfish/v1/Systems'] = (_request, response) =>
      json(response, 200, { Members: [{ '@odata.id': '/redfish/v1/Systems/1' }] });
    routes['/redfish/v1/Systems/1'] = (_request, response) => json(response, 200, { SerialNumber: sn });
    routes['/redfish/v1/UpdateService'] = (_request, response) =>
      json(response, 200, { FirmwareInventory: { '@odata.id': '/fw' } });
    routes['/fw'] = (_request, response) =>
      json(response, 200, { Members: entries.map((_, i) => ({ '@odata.id': `/fw/${i}` })) });
    entries.forEach((entry, i) => {
      routes[`/fw/${i}`] = (_request, response) => json(response, 200, entry);
    });
    for (const [id, card] of Object.entries(cards))
      routes[`/Cards/${id}`] = (_request, response) => json(response, 200, card);
  }
  const bmcEntry = (version: string) => ({
    Version: version,
    RelatedItem: [{ '@odata.id': '/redfish/v1/Managers/1' }],
  });
  /** What `fwportal audit` would send for this BMC, checked by the portal's own schema. */
  async function reportOf() {
    const client = await opened();
    const inventory = await readInventory(client, softwareIdMapOf([]));
    const components = reportComponentsOf(inventory);
    return { inventory, components, server: { sn: inventory.sn ?? 'SN-OK', components } };
  }

  it('never sends a value the portal refuses (NUL, controls, bidi, ß growing past 64 in upper case): one BMC must not fail the whole report', async () => {
    for (const [sn, version] of [
      ['SN-OK', '1.0\u0000'],
      ['SN\u0000X', '1.0'],
      ['ß'.repeat(40), '1.0'],
      ['SN-OK', '1.0\u202e0.9'],
      ['SN\u001b[2J', '1.0'],
      // Zero-width: one version or SN would read exactly as another.
      ['SN-OK', '1.0\u200b'],
      ['SN\u2060-OK', '1.0'],
      ['SN-OK', '\ufeff1.0'],
    ]) {
      serve(sn!, [bmcEntry(version!), bmcEntry('2.0')]);
      const { server } = await reportOf();
      const what = `${JSON.stringify(sn)} ${JSON.stringify(version)}`;
      expect(inventoryServerSchema.safeParse(server).success, what).toBe(true);
      // The portal's input guard refuses a NUL anywhere in the body: the whole report, every server.
      const values = [server.sn, ...server.components.flatMap((c) => [c.version, c.pn ?? '', c.slot ?? ''])];
      for (const value of values) expect(value, what).not.toMatch(UNPRINTABLE);
    }
  });

  it("reports at most the portal's 64 components of one server (a BMC listing 100 cards)", async () => {
    const cards: Record<string, unknown> = {};
    const entries = Array.from({ length: 100 }, (_, i) => {
      cards[i] = { PartNumber: `PN-${i}`, Location: { PartLocation: { ServiceLabel: `S${i}` } } };
      return { Version: '1.0', RelatedItem: [{ '@odata.id': `/Cards/PCIeDevices/${i}` }] };
    });
    for (const [id, card] of Object.entries(cards))
      routes[`/Cards/PCIeDevices/${id}`] = (_request, response) => json(response, 200, card);
    serve('SN-MANY', [bmcEntry('2.0'), ...entries]);
    const { components, server } = await reportOf();
    expect(components.length).toBeGreaterThan(0);
    expect(components[0]).toMatchObject({ kind: 'BMC' });
    expect(inventoryServerSchema.safeParse(server).success).toBe(true);
  });
});

describe("a BMC's strings on the terminal", () => {
  const hostile =
    'SN\u001b]0;owned\u0007\u001b[2J\u202eK\u200bCAT\u200dTA\u202c\u2066x\u2069\u200f\ufeff\u2060\u009b31m';
  it('removes escape sequences, C1 controls, bidi overrides and zero-width characters from messages and table cells', () => {
    const t = translator('en-US');
    const line = t('redfish.httpError', {
      host: 'h',
      method: 'GET',
      path: hostile,
      status: 500,
      message: hostile,
    });
    const cell = formatTable(['sn'], [[hostile]]);
    for (const text of [line, cell]) {
      expect(text).not.toMatch(
        // eslint-disable-next-line no-control-regex -- what must not reach the terminal
        /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/,
      );
      expect(text).toContain('SNKCATTAx');
    }
  });

  it('--json escapes C1 and bidi controls (JSON.stringify leaves them raw): the same document, nothing a terminal obeys', () => {
    let out = '';
    const ctx = { stdout: { write: (text: string) => (out += text) } } as unknown as Context;
    const value = { name: hostile, nested: [{ version: '1.0\u2028\u009b2J\u202e' }] };
    printJson(ctx, value);
    expect(out).not.toMatch(UNPRINTABLE_EXCEPT_NEWLINE);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('the hosts list', () => {
  const env = cliEnv(newConfigHome());
  const audit = (address: string, ...extra: string[]) =>
    runCli(['audit', '--bmc', address, '--user', 'admin', '--password-stdin', ...extra], env, 'pw\n');

  it('refuses file: and other schemes, and plain http to another machine without --insecure', async () => {
    const [file, ftp, plain] = await Promise.all([
      audit('file:///etc/passwd'),
      audit('ftp://10.0.0.5'),
      audit('http://10.0.0.5'),
    ]);
    for (const run of [file, ftp, plain]) expect(run.code).toBe(EXIT.usage);
    expect(plain.stderr).toContain('plain HTTP');
  });

  it('warns when --insecure lets the password go over plain http', async () => {
    // Said before the password is read: no password on stdin here, and the warning still comes.
    const run = await runCli(
      ['audit', '--bmc', 'http://10.0.0.5', '--user', 'admin', '--password-stdin', '--insecure'],
      env,
      '',
    );
    expect(run.stderr).toMatch(/warning: .*http:\/\/10\.0\.0\.5.*readable/);
  });
});

describe('the known hosts file', () => {
  it('is private (0600 in a 0700 folder), and a line appended later never replaces a pin', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'fwportal-kh-')), 'config');
    const pins = new KnownHosts(dir);
    expect(await pins.check('BMC7:443', 'aa:bb')).toBe('new');
    if (process.platform !== 'win32') {
      expect(statSync(pins.file).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
    // Someone appends their own fingerprint for the host, and junk: the first line still wins.
    writeFileSync(
      pins.file,
      `${readFileSync(pins.file, 'utf8')}bmc7:443 CC:DD\n\u001b[2J junk\n# bmc8:443 EE\n`,
    );
    const again = new KnownHosts(dir);
    expect(await again.check('bmc7:443', 'CC:DD')).toBe('mismatch');
    expect(await again.check('bmc7:443', 'AABB')).toBe('match');
    expect(await again.pinOf('bmc8:443')).toBeUndefined();
  });
});
