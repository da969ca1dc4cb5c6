import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import type { FleetServer } from './portal-api.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

let portal: FleetPortal;
let home: string;
let env: NodeJS.ProcessEnv;
let token: string;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  portal = await startFleetPortal();
  home = newConfigHome();
  env = cliEnv(home);
});
afterAll(async () => portal?.close());

describe('fwportal login --token-stdin', () => {
  it('stores url, token and the pinned key for this user only, and never prints the token', async () => {
    const { url } = portal;
    const run = await loginWithToken(portal, env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    const file = path.join(home, 'fwportal', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      url: string;
      token: string;
      signingKey: string;
    };
    token = stored.token;
    expect(stored.url).toBe(url);
    expect(token).toMatch(/^fwp_/);
    expect(stored.signingKey).toContain('BEGIN PUBLIC KEY');
    expect(run.stdout).toContain(`${token.slice(0, 8)}…`);
    // A token from stdin comes without its account and expiry: no empty 'as :' or 'expires' slots.
    expect(run.stdout).toMatch(/^Logged in to \S+ with token fwp_\S+…$/m);
    expect(run.stdout + run.stderr).not.toContain(token);
  });

  // Issue 32: the password sign-in is gone (anyone could lock an account through it).
  it('--password-stdin exits 2, pointing to the device sign-in, in the asked language, and sends nothing', async () => {
    const { customer, url } = portal;
    const run = await runCli(
      ['login', '--url', url, '--account', customer.account, '--password-stdin', '--lang', 'zh-CN'],
      cliEnv(newConfigHome()),
      `${customer.password}\n`,
    );
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(/[\u4e00-\u9fff].*--token-stdin/);
    expect(run.stdout).toBe('');
  });
});

describe('fwportal resolve', () => {
  it('lists the newest firmware of ten servers; another customer’s SN is not found (exit 5)', async () => {
    const run = await runCli(['resolve', '--sn', [...portal.sns, portal.otherSn].join(',')], env);
    expect(run.code).toBe(EXIT.partial);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^SN\s+MODEL\s+COMPONENT\s+CURRENT\s+NEWEST\s+DATE$/);
    const { catalogue, model } = portal;
    for (const sn of portal.sns) {
      const rows = lines.filter((line) => line.startsWith(sn));
      expect(rows.length).toBeGreaterThanOrEqual(catalogue.length);
      // Every component shows the release the server runs and the newer one it should get.
      for (const { component, installed, newest } of catalogue) {
        const update = new RegExp([model.code, component, installed, newest].map(escapeRegExp).join('\\s+'));
        expect(
          rows.some((row) => update.test(row)),
          `${sn} ${component}`,
        ).toBe(true);
      }
    }
    expect(lines.find((line) => line.startsWith(portal.otherSn))).toMatch(/not found/);
    expect(run.stderr).toContain(portal.otherSn);
    // The model's end of security support (issue 43 §4): none announced in this portal.
    expect(lines.at(-1)).toBe(`${portal.model.code}: end of security support not announced yet`);
  });

  it('--json: one JSON document on stdout, nothing else', async () => {
    const run = await runCli(['resolve', '--json', '--sn', portal.sns.join(',')], env);
    expect(run.code).toBe(EXIT.ok);
    const answer = JSON.parse(run.stdout) as { servers: FleetServer[]; notFound: string[] };
    expect(answer.notFound).toEqual([]);
    expect(answer.servers.map((server) => server.sn)).toEqual(portal.sns);
    for (const server of answer.servers) {
      expect(server).toMatchObject({ found: true, model: portal.model.code, securitySupportEnd: null });
      // Every firmware component, and not the model's configuration file.
      expect(server.firmware.map((f) => f.component).sort()).toEqual([
        'BIOS',
        'BMC',
        'CPLD',
        'DISK',
        'NIC',
        'PSU',
        'RAID',
      ]);
      expect(server.firmware.map((f) => f.versionId).sort()).toEqual(
        portal.catalogue.map((f) => f.newestVersionId).sort(),
      );
    }
  });

  it('--sn-file and zh-CN output', async () => {
    const file = path.join(home, 'sns.txt');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, `# rack 1\n${portal.sns.slice(0, 3).join('\n')}\n${portal.otherSn}\n`);
    const run = await runCli(['resolve', '--sn-file', file, '--lang', 'zh-CN'], env);
    expect(run.code).toBe(EXIT.partial);
    expect(run.stdout.split('\n')[0]).toMatch(/^序列号\s+机型\s+部件\s+当前版本\s+最新版本\s+发布日期$/);
    expect(run.stdout).toContain('未找到');
    expect(run.stderr).toContain('1 个序列号未找到');
  });
});

describe('fwportal search', () => {
  it('finds catalogue versions by keyword and kind', async () => {
    // Every item of the fleet catalogue is named after the model: the kind filter narrows them.
    const bmc = firmwareOf(portal.catalogue, 'BMC');
    const run = await runCli(['search', portal.model.code, '--kind', 'BMC', '--json'], env);
    expect(run.code).toBe(EXIT.ok);
    const page = JSON.parse(run.stdout) as {
      rows: { kind: string; itemName: string; version: string }[];
      totalRows: number;
    };
    expect(page.totalRows).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.kind === 'BMC')).toBe(true);
    expect(page.rows.map((row) => row.version).sort()).toEqual([bmc.installed, bmc.newest].sort());
    const table = await runCli(['search', `${portal.model.code} BMC`, '--lang', 'zh-CN'], env);
    expect(table.code).toBe(EXIT.ok);
    expect(table.stdout).toMatch(/^ID\s+名称\s+类型\s+版本/);
    expect(table.stdout).toContain(bmc.itemName);
  });
});

describe('fwportal licence', () => {
  it('lists my activation codes (none yet) with the licences scope', async () => {
    const run = await runCli(['licence', 'list', '--json'], env);
    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ rows: [], totalRows: 0 });
  });

  it('mails the code for generating activation codes', async () => {
    const run = await runCli(['licence', 'code', '--json'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ destination: expect.stringContaining('@') });
  });
});

describe('tokens and usage', () => {
  it('a token without the scope is refused with exit 3, an unknown one too', async () => {
    const home2 = newConfigHome();
    const env2 = cliEnv(home2);
    const login = await loginWithToken(portal, env2, { scopes: ['download'] });
    expect(login.code).toBe(EXIT.ok);
    const run = await runCli(['resolve', '--sn', portal.sns[0] ?? ''], env2);
    expect(run.code).toBe(EXIT.auth);
    expect(run.stderr).toContain('1026002');
    const bogus = await runCli(['resolve', '--sn', 'X'], { ...env2, FWPORTAL_TOKEN: 'fwp_notarealtoken' });
    expect(bogus.code).toBe(EXIT.auth);
    expect(bogus.stderr).toContain('1026003');
  });

  it('the stored token is never sent to another portal', async () => {
    const run = await runCli(['resolve', '--sn', 'X', '--url', 'http://127.0.0.1:9'], env);
    expect(run.code).toBe(EXIT.auth);
    expect(run.stderr).toContain(portal.url);
  });

  it('usage errors exit 2; logout forgets the token', async () => {
    expect((await runCli(['resolve'], env)).code).toBe(EXIT.usage);
    expect((await runCli(['resolve', '--out', 'x', '--sn', 'A'], env)).code).toBe(EXIT.usage);
    expect((await runCli(['frobnicate'], env)).code).toBe(EXIT.usage);
    const logout = await runCli(['logout'], env);
    expect(logout.code).toBe(EXIT.ok);
    expect((await runCli(['resolve', '--sn', 'A'], env)).code).toBe(EXIT.auth);
  });
});
