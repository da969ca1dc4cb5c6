import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import { isVersionId } from './portal-api.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

describe('isVersionId', () => {
  it('accepts a positive whole number the portal can give, nothing else', () => {
    for (const id of [1, 42, 2 ** 31 - 1]) expect(isVersionId(id), String(id)).toBe(true);
    for (const id of [0, -3, 1.5, 2 ** 31, 1e21, Number.NaN, Infinity, '7', '../../escape', null, undefined])
      expect(isVersionId(id), String(id)).toBe(false);
  });
});

/** Version ids a hostile or broken portal could answer; each would name a folder or URL path. */
const HOSTILE_IDS = ['../../escape', '/tmp/abs', -3, 0, 1.5, 1e21, '7'];

// Issue 32 §3: the CLI used the portal's versionId in `<out>/<versionId>` (and the URL path) as it came.
describe('fwportal download with version ids from a hostile portal', () => {
  let server: http.Server;
  let url: string;
  const requested: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requested.push(`${request.method} ${request.url}`);
      response.writeHead(request.url === '/api/fleet/resolve' ? 200 : 404, {
        'content-type': 'application/json',
      });
      const firmware = HOSTILE_IDS.map((versionId) => ({ versionId, component: 'BMC', fileName: 'x.bin' }));
      response.end(
        JSON.stringify({
          success: true,
          code: 200,
          message: 'ok',
          data: { servers: [{ sn: 'SN1', found: true, model: 'M', firmware }] },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses every id that is not a positive whole number before it names a path', async () => {
    const home = newConfigHome();
    const key = path.join(home, 'key.pem');
    const { publicKey } = generateKeyPairSync('ed25519');
    writeFileSync(key, publicKey.export({ type: 'spki', format: 'pem' }));
    const parent = path.join(home, 'a', 'b');
    const out = path.join(parent, 'out');
    const run = await runCli(
      ['download', '--sn', 'SN1', '--out', out, '--key', key, '--url', url, '--json'],
      cliEnv(home, { FWPORTAL_TOKEN: 'fwp_x' }),
    );
    expect(run.code).toBe(EXIT.error);
    const { files, failed } = JSON.parse(run.stdout) as { files: unknown[]; failed: unknown[] };
    expect(files).toEqual([]);
    expect(failed).toHaveLength(HOSTILE_IDS.length);
    expect(run.stderr).toContain('not a version id');
    // Nothing was asked for besides the fleet, and nothing was written anywhere.
    expect(requested).toEqual(['POST /api/fleet/resolve']);
    expect(existsSync(path.join(home, 'a'))).toBe(false);
    expect(existsSync('/tmp/abs')).toBe(false);
    expect(readdirSync(home).sort()).toEqual(['key.pem']);
  });
});
