import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSelfSignedCertificate, type SelfSignedCertificate } from '../../../../tools/bmc-sim/tls.ts';
import type { BmcConnection } from './bmc-connection.ts';
import { RedfishClient, withBmc } from './client.ts';
import { RedfishError } from './redfish-error.ts';
import { KnownHosts } from './known-hosts.ts';

/**
 * A tiny Redfish service of our own (the simulator of tools/bmc-sim has its own tests): enough to
 * check the client's transport, trust, sessions, timeouts and retries.
 */
type Tiny = {
  url: string;
  port: number;
  requests: { method: string; url: string; auth?: string; token?: string }[];
  sessions: Set<string>;
  basicOnly: boolean;
  stallPath: string | null;
  uploads: { contentType: string; length: number; sha256: string; body: string }[];
  close: () => Promise<void>;
};

async function startTiny(cert: SelfSignedCertificate, port = 0): Promise<Tiny> {
  const tiny = {
    requests: [],
    sessions: new Set<string>(),
    basicOnly: false,
    stallPath: null,
    uploads: [],
  } as unknown as Tiny;
  const server = https.createServer({ cert: cert.certPem, key: cert.keyPem }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const token = request.headers['x-auth-token'] as string | undefined;
      tiny.requests.push({
        method: request.method!,
        url: request.url!,
        auth: request.headers.authorization,
        token,
      });
      const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (request.url === tiny.stallPath) return; // never answers
      if (request.url === '/redfish/v1/')
        return send(200, {
          '@odata.id': '/redfish/v1',
          Systems: { '@odata.id': '/redfish/v1/Systems' },
          ...(tiny.basicOnly
            ? {}
            : {
                SessionService: { '@odata.id': '/redfish/v1/SessionService' },
                Links: { Sessions: { '@odata.id': '/redfish/v1/SessionService/Sessions' } },
              }),
        });
      if (request.url === '/redfish/v1/SessionService/Sessions' && request.method === 'POST') {
        if (tiny.basicOnly) return send(404);
        const { UserName, Password } = JSON.parse(body.toString()) as Record<string, string>;
        if (UserName !== 'admin' || Password !== 's3cret') return send(401);
        const id = String(tiny.sessions.size + 1 + tiny.requests.length);
        tiny.sessions.add(id);
        return send(
          201,
          { '@odata.id': `/redfish/v1/SessionService/Sessions/${id}` },
          {
            'x-auth-token': `tok-${id}`,
            location: `/redfish/v1/SessionService/Sessions/${id}`,
          },
        );
      }
      const authorised =
        (token && tiny.sessions.has(token.slice(4))) ||
        request.headers.authorization === `Basic ${Buffer.from('admin:s3cret').toString('base64')}`;
      if (!authorised) return send(401, { error: { message: 'no' } });
      if (request.url?.startsWith('/redfish/v1/SessionService/Sessions/') && request.method === 'DELETE') {
        tiny.sessions.delete(request.url.split('/').pop()!);
        return send(204);
      }
      if (request.url === '/redfish/v1/Systems')
        return send(200, {
          Members: [
            { '@odata.id': '/redfish/v1/Systems/1' },
            { '@odata.id': 'https://evil.example/x' },
            'junk',
          ],
          'Members@odata.count': 7,
        });
      if (request.url === '/redfish/v1/Systems/1') return send(200, { SerialNumber: 'SN1' });
      if (request.url === '/upload') {
        tiny.uploads.push({
          contentType: request.headers['content-type'] ?? '',
          length: Number(request.headers['content-length']),
          sha256: createHash('sha256').update(body).digest('hex'),
          body: body.toString('latin1'),
        });
        return send(202, {}, { location: '/redfish/v1/TaskService/Tasks/1' });
      }
      return send(404, { error: { '@Message.ExtendedInfo': [{ Message: 'no such resource' }] } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  tiny.port = (server.address() as AddressInfo).port;
  tiny.url = `https://127.0.0.1:${tiny.port}`;
  tiny.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return tiny;
}

let certA: SelfSignedCertificate;
let certB: SelfSignedCertificate;
let tiny: Tiny;
let knownHosts: KnownHosts;

const connection = (overrides: Partial<BmcConnection> = {}): BmcConnection => ({
  address: tiny.url,
  user: 'admin',
  password: 's3cret',
  trust: { mode: 'pin', knownHosts },
  timeoutMs: 2000,
  ...overrides,
});

beforeAll(async () => {
  [certA, certB] = await Promise.all([makeSelfSignedCertificate('a'), makeSelfSignedCertificate('b')]);
  tiny = await startTiny(certA);
  knownHosts = new KnownHosts(mkdtempSync(path.join(tmpdir(), 'fwportal-pins-')));
});
afterAll(async () => tiny?.close());

describe('RedfishClient', () => {
  it('pins the certificate at first contact, opens a session, follows members and logs out even on errors', async () => {
    const pinned: string[] = [];
    await expect(
      withBmc(connection({ onPinned: (_host, fingerprint) => pinned.push(fingerprint) }), async (client) => {
        expect(client.authKind).toBe('session');
        const members = await client.members('/redfish/v1/Systems');
        // The wrong Members@odata.count is ignored; a link to another host is never followed.
        expect(members.map((member) => [member.id, member.error?.failure])).toEqual([
          ['/redfish/v1/Systems/1', undefined],
          ['https://evil.example/x', 'answer'],
        ]);
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(pinned).toEqual([certA.fingerprint256]);
    expect(readFileSync(knownHosts.file, 'utf8')).toContain(`127.0.0.1:${tiny.port} ${certA.fingerprint256}`);
    expect(tiny.sessions.size).toBe(0);
    expect(tiny.requests.some((request) => request.url.includes('evil'))).toBe(false);
  });

  it('refuses a changed certificate before sending anything', async () => {
    const impostor = await startTiny(certB);
    const file = knownHosts.file;
    writeFileSync(file, `${readFileSync(file, 'utf8')}127.0.0.1:${impostor.port} ${certA.fingerprint256}\n`);
    try {
      const client = new RedfishClient(
        connection({
          address: impostor.url,
          trust: { mode: 'pin', knownHosts: new KnownHosts(path.dirname(file)) },
        }),
      );
      const error = await client.open().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedfishError);
      expect((error as RedfishError).failure).toBe('pin');
      expect(impostor.requests).toEqual([]);
    } finally {
      await impostor.close();
    }
  });

  it('verifies against --ca-file, and refuses a certificate the CA file does not hold', async () => {
    await withBmc(connection({ trust: { mode: 'ca', ca: certA.certPem } }), async (client) =>
      expect(client.authKind).toBe('session'),
    );
    const error = await withBmc(
      connection({ trust: { mode: 'ca', ca: certB.certPem } }),
      async () => 0,
    ).catch((caught: unknown) => caught);
    expect((error as RedfishError).failure).toBe('tls');
  });

  it('--insecure checks nothing and pins nothing', async () => {
    const other = await startTiny(certB);
    try {
      const before = readFileSync(knownHosts.file, 'utf8');
      await withBmc(connection({ address: other.url, trust: { mode: 'insecure' } }), async (client) =>
        expect(client.authKind).toBe('session'),
      );
      expect(readFileSync(knownHosts.file, 'utf8')).toBe(before);
    } finally {
      await other.close();
    }
  });

  it('times out a stalled answer instead of hanging', async () => {
    tiny.stallPath = '/redfish/v1/Systems/1';
    try {
      const started = Date.now();
      const error = await withBmc(connection({ timeoutMs: 500 }), (client) =>
        client.get('/redfish/v1/Systems/1'),
      ).catch((caught: unknown) => caught);
      expect((error as RedfishError).failure).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(tiny.sessions.size).toBe(0);
    } finally {
      tiny.stallPath = null;
    }
  });

  it('uses Basic auth when the BMC has no SessionService, and refuses a wrong password', async () => {
    tiny.basicOnly = true;
    try {
      await withBmc(connection(), async (client) => {
        expect(client.authKind).toBe('basic');
        expect((await client.get('/redfish/v1/Systems/1')).body).toEqual({ SerialNumber: 'SN1' });
      });
      const error = await withBmc(connection({ password: 'wrong' }), async () => 0).catch(
        (caught: unknown) => caught,
      );
      expect((error as RedfishError).failure).toBe('auth');
    } finally {
      tiny.basicOnly = false;
    }
  });

  it('retries reads while the BMC resets, and streams a multipart upload with its length', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'fwportal-img-')), 'image.bin');
    writeFileSync(file, Buffer.alloc(300_000, 7));
    const client = new RedfishClient(connection({ resetWaitMs: 10_000 }));
    await client.open();
    try {
      const answer = await client.postMultipart('/upload', [
        { name: 'UpdateParameters', json: { Targets: [] } },
        { name: 'UpdateFile', file, fileName: 'image.bin' },
      ]);
      expect(answer.status).toBe(202);
      expect(answer.location).toBe('/redfish/v1/TaskService/Tasks/1');
      const upload = tiny.uploads.at(-1)!;
      expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload.body).toContain('name="UpdateParameters"');
      expect(upload.body.length).toBe(upload.length);

      const port = tiny.port;
      await tiny.close();
      const read = client.get('/redfish/v1/Systems/1');
      await new Promise((resolve) => setTimeout(resolve, 600));
      tiny = await startTiny(certA, port);
      tiny.sessions.add('x'); // the session did not survive the reset: the client signs in again
      expect((await read).body).toEqual({ SerialNumber: 'SN1' });
    } finally {
      await client.close();
    }
  });

  it('fails at once when the BMC never answered (no retries for an address that is down)', async () => {
    const started = Date.now();
    const error = await withBmc(connection({ address: 'https://127.0.0.1:1' }), async () => 0).catch(
      (caught: unknown) => caught,
    );
    expect((error as RedfishError).failure).toBe('network');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
