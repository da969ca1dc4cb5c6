import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

/**
 * The portal goes away in the middle of `fwportal mirror sync` (issue 44 §2): it falls silent
 * (connections accepted, nothing ever answered) or it restarts (every connection cut, then back on
 * the same port). The sync ends within a few --portal-timeout with a message saying so, leaves no
 * file under its real name that is not whole, writes no snapshot of a partial mirror, and the
 * next run completes the mirror. The moment is counted in bytes, not time: the portal goes away
 * once it has sent a given amount, whatever the machine's speed.
 */
const IMAGE_BYTES = 2 * 1024 * 1024;
const PORTAL_TIMEOUT_SECONDS = 2;

let portal: FleetPortal;
let home: string;
let env: NodeJS.ProcessEnv;
let keyFile: string;
let token: string;

type Fault = 'silent' | 'restart';

/** A TCP proxy in front of the portal that, after `afterBytes` of answers, falls silent or restarts. */
async function startFaultyPortal(target: string, fault: Fault, afterBytes: number) {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  let sent = 0;
  let silent = false;
  let tripped: () => void = () => undefined;
  const trippedAt = new Promise<number>((resolve) => (tripped = () => resolve(Date.now())));
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    // Silent: the connection is accepted and read, and nothing is ever answered.
    if (silent) return client.resume();
    const upstream = net.connect(Number(targetPort), hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (silent) return;
      client.write(chunk);
      sent += chunk.length;
      if (sent >= afterBytes && fault === 'silent') {
        silent = true;
        tripped();
      } else if (sent >= afterBytes && fault === 'restart' && !restarted) {
        restarted = true;
        void restart();
      }
    });
  });
  let restarted = false;
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  /** Every connection cut, the port closed (refused), then listening again on the same port. */
  async function restart() {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
    tripped();
    await listen(port);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    trippedAt,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every pool file under its real name hashes to its folder's name; `.part` files are what resumes. */
function assertNoCorruptFile(out: string) {
  const pool = path.join(out, 'pool');
  if (!existsSync(pool)) return;
  for (const pair of readdirSync(pool))
    for (const sha256 of readdirSync(path.join(pool, pair)))
      for (const name of readdirSync(path.join(pool, pair, sha256))) {
        expect(name.endsWith('.tmp')).toBe(false);
        if (!name.endsWith('.part'))
          expect(sha256Of(readFileSync(path.join(pool, pair, sha256, name)))).toBe(sha256);
      }
}

beforeAll(async () => {
  portal = await startFleetPortal({ imageBytes: IMAGE_BYTES });
  home = newConfigHome();
  env = cliEnv(home);
  expect((await loginWithToken(portal, env)).code).toBe(EXIT.ok);
  const config = JSON.parse(readFileSync(path.join(home, 'fwportal', 'config.json'), 'utf8')) as {
    token: string;
    signingKey: string;
  };
  token = config.token;
  keyFile = path.join(home, 'pinned.pem');
  writeFileSync(keyFile, config.signingKey);
  // A portal with its catalogue: minutes on a loaded machine shared by many.
}, 600_000);
afterAll(async () => {
  await portal?.close();
});

describe.each<Fault>(['silent', 'restart'])('a portal that goes away mid-sync (%s)', (fault) => {
  it('ends with a clear message, leaves no corrupt file, and the next run completes the mirror', async () => {
    const out = path.join(home, `mirror-${fault}`);
    // Past the signed manifest and into the files: a third of the catalogue's payload.
    const faulty = await startFaultyPortal(portal.url, fault, (IMAGE_BYTES * portal.catalogue.length) / 3);
    const proxied = { ...cliEnv(newConfigHome()), FWPORTAL_TOKEN: token };
    const args = ['mirror', 'sync', '--out', out, '--url', faulty.url, '--key', keyFile, '--parallel', '2'];
    try {
      const first = await runCli([...args, '--portal-timeout', String(PORTAL_TIMEOUT_SECONDS)], proxied);
      const endedAt = Date.now();
      const trippedAt = await faulty.trippedAt;
      console.info(
        `${fault}: first run ended ${((endedAt - trippedAt) / 1000).toFixed(1)} s after the fault`,
      );
      if (fault === 'silent') {
        expect(first.code).toBe(EXIT.error);
        expect(first.stderr).toContain('the portal stopped answering. Run the same command again');
        expect(first.stderr).toMatch(/no answer within 2 s|no data for 2 s/);
        expect(existsSync(path.join(out, 'mirror.json'))).toBe(false);
        // Bounded by the timeout, not by the number of files left: one silence, not one per file.
        expect((endedAt - trippedAt) / 1000).toBeLessThan(PORTAL_TIMEOUT_SECONDS * 5);
      } else {
        // Back at once: the run may have resumed and finished, or failed naming what it could not fetch.
        expect([EXIT.ok, EXIT.error]).toContain(first.code);
        if (first.code !== EXIT.ok) expect(first.stderr).toContain('Run the same command again');
      }
      assertNoCorruptFile(out);
    } finally {
      await faulty.close();
    }
    // The portal is back (straight, no proxy): the same command completes the mirror.
    const second = await runCli(
      ['mirror', 'sync', '--out', out, '--url', portal.url, '--key', keyFile, '--json'],
      proxied,
    );
    expect(second.code, second.stderr).toBe(EXIT.ok);
    expect(JSON.parse(second.stdout)).toMatchObject({ failed: [] });
    assertNoCorruptFile(out);
    expect((await runCli(['mirror', 'verify', out, '--key', keyFile], proxied)).code).toBe(EXIT.ok);
  });
});
