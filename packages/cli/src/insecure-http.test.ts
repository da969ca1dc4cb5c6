import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import { isLoopbackHost } from './plain-http.ts';
import { type FleetPortal, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

let portal: FleetPortal;
beforeAll(async () => {
  portal = await startFleetPortal();
});
afterAll(async () => portal?.close());

const loginArgs = (url: string) => ['login', '--url', url, '--token-stdin'];
/** Login with --token-stdin stores the token as given (it is checked at its first use). */
const TOKEN_INPUT = `fwp_${'a'.repeat(43)}\n`;

describe('plain-HTTP portals', () => {
  it('login refuses http: to a host off this machine, before asking anything (exit 2)', async () => {
    const run = await runCli(loginArgs('http://portal.example.com'), cliEnv(newConfigHome()), 'fwp_x\n');
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('--insecure-http');
    const zh = await runCli(
      [...loginArgs('http://portal.example.com'), '--lang', 'zh-CN'],
      cliEnv(newConfigHome()),
      'fwp_x\n',
    );
    expect(zh.code).toBe(EXIT.usage);
    expect(zh.stderr).toMatch(/[\u4e00-\u9fff].*--insecure-http/);
  });

  it('every command refuses it too, from --url and from FWPORTAL_URL', async () => {
    const env = cliEnv(newConfigHome(), { FWPORTAL_TOKEN: 'fwp_x' });
    const flag = await runCli(['search', 'x', '--url', 'http://10.1.2.3:8080'], env);
    expect(flag.code).toBe(EXIT.usage);
    expect(flag.stderr).toContain('--insecure-http');
    const fromEnv = await runCli(['resolve', '--sn', 'A'], {
      ...env,
      FWPORTAL_URL: 'http://portal.example.com/',
    });
    expect(fromEnv.code).toBe(EXIT.usage);
  });

  it('--insecure-http lets it through (here: the host does not exist, so a network error)', async () => {
    const env = cliEnv(newConfigHome(), { FWPORTAL_TOKEN: 'fwp_x' });
    const run = await runCli(['search', 'x', '--url', 'http://portal.invalid', '--insecure-http'], env);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain('cannot reach');
  });

  it('loopback hosts need no flag: 127.0.0.0/8, localhost', async () => {
    const { port } = new URL(portal.url);
    for (const host of ['127.0.0.1', 'localhost']) {
      const run = await runCli(loginArgs(`http://${host}:${port}`), cliEnv(newConfigHome()), TOKEN_INPUT);
      expect(run.code, `${host}: ${run.stderr}`).toBe(EXIT.ok);
    }
  });
});

describe('loopback hosts', () => {
  const hostOf = (url: string) => new URL(url).hostname;
  it('are 127.0.0.0/8, ::1 and localhost, however spelt; nothing else', () => {
    for (const url of [
      'http://127.0.0.1',
      'http://127.9.8.7:1',
      'http://127.1',
      'http://[::1]:8',
      'http://LOCALHOST.',
    ])
      expect(isLoopbackHost(hostOf(url)), url).toBe(true);
    for (const url of [
      'http://127.0.0.1.nip.io',
      'http://128.0.0.1',
      'http://[::2]',
      'http://localhost.evil.com',
      'http://10.0.0.1',
    ])
      expect(isLoopbackHost(hostOf(url)), url).toBe(false);
  });
});

describe('fwportal login --key-id', () => {
  it('fails with exit 4 and stores nothing when the portal key has another fingerprint', async () => {
    const home = newConfigHome();
    const run = await runCli(
      [...loginArgs(portal.url), '--key-id', '0123456789abcdef'],
      cliEnv(home),
      TOKEN_INPUT,
    );
    expect(run.code).toBe(EXIT.verification);
    expect(run.stderr).toContain('0123456789abcdef');
    expect(existsSync(path.join(home, 'fwportal', 'config.json'))).toBe(false);
  });

  it('pins the key when the fingerprint is the one login prints', async () => {
    const first = await runCli([...loginArgs(portal.url), '--json'], cliEnv(newConfigHome()), TOKEN_INPUT);
    const { keyId } = JSON.parse(first.stdout) as { keyId: string };
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    const home = newConfigHome();
    const run = await runCli(
      [...loginArgs(portal.url), '--key-id', keyId.toUpperCase()],
      cliEnv(home),
      TOKEN_INPUT,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toContain(keyId);
    expect(existsSync(path.join(home, 'fwportal', 'config.json'))).toBe(true);
  });

  it('a malformed fingerprint is a usage error', async () => {
    const run = await runCli(
      [...loginArgs(portal.url), '--key-id', 'nothex'],
      cliEnv(newConfigHome()),
      'fwp_x\n',
    );
    expect(run.code).toBe(EXIT.usage);
  });
});
